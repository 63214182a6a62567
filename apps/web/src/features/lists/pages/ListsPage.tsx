import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { PageTitle } from '../../../components/PageTitle';
import { useOptionalNumericParam } from '../../../lib/route-params';

/** spec §2: My Lists, or the lists of one group (groups/{groupId}/lists reuses this page). */
export function ListsPage() {
  const { t } = useTranslation();
  const groupId = useOptionalNumericParam('groupId');
  return (
    <>
      <PageTitle>
        {groupId === null ? t('lists.title') : t('lists.groupTitle', { id: groupId })}
      </PageTitle>
      <EmptyState
        icon={IconShoppingCart}
        title={t('lists.empty.title')}
        text={t(groupId === null ? 'lists.empty.text' : 'lists.empty.groupText')}
      />
    </>
  );
}
