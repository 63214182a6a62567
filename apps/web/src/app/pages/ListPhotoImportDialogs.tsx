import type { ListDetail } from '@household/contracts';
import { lazy, useState } from 'react';
import { LoadWhenOpened } from '../../components/LoadWhenOpened';
import { MantineIsland } from '../../components/MantineIsland';

// Dialogs load when first opened (their forms and number inputs are not needed to show the list).
const PhotoImportModal = lazy(() =>
  import('../../features/lists/photo-import/PhotoImportModal').then((m) => ({
    default: m.PhotoImportModal,
  })),
);
const ExpenseFormModal = lazy(() =>
  import('../../features/expenses/components/ExpenseFormModal').then((m) => ({
    default: m.ExpenseFormModal,
  })),
);

/**
 * Reading items from photos of the list, and "Split this shop" after a receipt: the photo dialog
 * closes first, then the expense form opens with the receipt's items.
 */
export function ListPhotoImportDialogs({
  list,
  opened,
  onClose,
}: {
  list: ListDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const [receiptToSplit, setReceiptToSplit] = useState<number[] | null>(null);
  const [splitting, setSplitting] = useState<number[] | null>(null);

  return (
    <>
      <LoadWhenOpened opened={opened}>
        {(loaded) => (
          <MantineIsland>
            <PhotoImportModal
              list={list}
              opened={loaded}
              onClose={onClose}
              onSplitShop={(itemIds) => {
                setReceiptToSplit(itemIds);
                onClose();
              }}
              onExited={() => {
                setSplitting(receiptToSplit);
                setReceiptToSplit(null);
              }}
            />
          </MantineIsland>
        )}
      </LoadWhenOpened>
      <LoadWhenOpened opened={splitting !== null}>
        {(loaded) => (
          <MantineIsland>
            <ExpenseFormModal
              opened={loaded}
              target={
                splitting && list.group
                  ? { groupId: list.group.id, list, itemIds: splitting }
                  : null
              }
              onClose={() => setSplitting(null)}
            />
          </MantineIsland>
        )}
      </LoadWhenOpened>
    </>
  );
}
