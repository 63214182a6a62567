import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { PageTitle } from '../../../components/PageTitle';
import { useOptionalNumericParam } from '../../../lib/route-params';

/** spec §2: /expenses, and /groups/{groupId}/expenses for one group. */
export function ExpensesPage() {
  const { t } = useTranslation();
  const groupId = useOptionalNumericParam('groupId');
  return (
    <>
      <PageTitle>
        {groupId === null ? t('expenses.title') : t('expenses.groupTitle', { id: groupId })}
      </PageTitle>
      <EmptyState
        icon={IconReceipt}
        title={t('expenses.empty.title')}
        text={t('expenses.empty.text')}
      />
    </>
  );
}
