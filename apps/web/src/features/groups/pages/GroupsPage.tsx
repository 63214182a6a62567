import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { PageTitle } from '../../../components/PageTitle';

export function GroupsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('groups.title')}</PageTitle>
      <EmptyState
        icon={IconUsersGroup}
        title={t('groups.empty.title')}
        text={t('groups.empty.text')}
      />
    </>
  );
}
