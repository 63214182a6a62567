import { Alert, Button, Group, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Why saving failed, if it did; then Delete (for an edit) beside Cancel and Save or Create. */
export function ChoreFormActions({
  failure,
  isEdit,
  isSaving,
  onDelete,
  onCancel,
}: {
  failure: string | null;
  isEdit: boolean;
  isSaving: boolean;
  onDelete: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {failure && (
        <Alert color="red" role="alert">
          <Text size="sm">{failure}</Text>
        </Alert>
      )}
      <Group justify="space-between">
        {isEdit ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onDelete}
          >
            {t('chores.form.delete')}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={isSaving}>
            {isEdit ? t('app.save') : t('chores.form.create')}
          </Button>
        </Group>
      </Group>
    </>
  );
}
