import type { MergeItemsBody, MergeItemsResult } from '@household/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/toasts';
import { useMergeItems } from '../api/ocr';
import { mergeFailureReason } from './reasons';

/** Adds the reviewed items to the list, with a toast either way and the reason a merge failed. */
export function useMergeReviewed(listId: number, onMerged: (result: MergeItemsResult) => void) {
  const { t } = useTranslation();
  const merge = useMergeItems(listId);
  // undefined: nothing failed; null: failed for no reason worth showing.
  const [failure, setFailure] = useState<string | null | undefined>(undefined);

  const submit = (items: MergeItemsBody['items']) => {
    setFailure(undefined);
    merge.mutate(
      { items },
      {
        onSuccess: (result) => {
          notify({
            type: 'success',
            message: t('lists.photoImport.added', {
              count: result.added.length + result.updated.length,
            }),
          });
          onMerged(result);
        },
        onError: (error) => {
          notify({ type: 'error', message: t('lists.photoImport.addFailed') });
          setFailure(mergeFailureReason(t, error));
        },
      },
    );
  };

  return { submit, isPending: merge.isPending, failure };
}
