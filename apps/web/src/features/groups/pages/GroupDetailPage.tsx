import { Button, Group } from '@mantine/core';
import { IconActivity } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { PageTitle } from '../../../components/PageTitle';
import { useNumericParam } from '../../../lib/route-params';
import { paths } from '../../../paths';

/** spec §2 Group detail links to the group's lists, chores (Manage Chores) and expenses. */
export function GroupDetailPage() {
  const { t } = useTranslation();
  const id = useNumericParam('id');
  return (
    <>
      <PageTitle>{t('groups.detail.title', { id })}</PageTitle>
      <Group mb="md">
        <Button component={Link} to={paths.groupLists(id)} variant="light">
          {t('groups.detail.lists')}
        </Button>
        <Button component={Link} to={paths.groupChores(id)} variant="light">
          {t('groups.detail.manageChores')}
        </Button>
        <Button component={Link} to={paths.groupExpenses(id)} variant="light">
          {t('groups.detail.manageExpenses')}
        </Button>
      </Group>
      <EmptyState
        icon={IconActivity}
        title={t('groups.detail.empty.title')}
        text={t('groups.detail.empty.text')}
      />
    </>
  );
}
