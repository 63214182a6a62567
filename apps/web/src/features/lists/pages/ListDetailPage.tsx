import { IconBasket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { PageTitle } from '../../../components/PageTitle';
import { useNumericParam } from '../../../lib/route-params';

export function ListDetailPage() {
  const { t } = useTranslation();
  const id = useNumericParam('id');
  return (
    <>
      <PageTitle>{t('lists.detail.title', { id })}</PageTitle>
      <EmptyState
        icon={IconBasket}
        title={t('lists.detail.empty.title')}
        text={t('lists.detail.empty.text')}
      />
    </>
  );
}
