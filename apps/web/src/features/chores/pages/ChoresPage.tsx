import { IconChecklist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { PageTitle } from '../../../components/PageTitle';
import { useOptionalNumericParam } from '../../../lib/route-params';

/** spec §2: /chores, and /groups/{groupId}/chores for one group. */
export function ChoresPage() {
  const { t } = useTranslation();
  const groupId = useOptionalNumericParam('groupId');
  return (
    <>
      <PageTitle>
        {groupId === null ? t('chores.title') : t('chores.groupTitle', { id: groupId })}
      </PageTitle>
      <EmptyState
        icon={IconChecklist}
        title={t('chores.empty.title')}
        text={t('chores.empty.text')}
      />
    </>
  );
}
