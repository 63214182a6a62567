import {
  LIST_DESCRIPTION_MAX_LENGTH,
  LIST_NAME_MAX_LENGTH,
  SHOP_NAME_MAX_LENGTH,
  type List,
} from '@household/contracts';
import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/toasts';
import { useUpdateList } from '../api/list-mutations';
import { listActionFailureKey } from './list-action-failure';

/** The list's name, description and shop, sent with the version the person saw. */
export function EditListForm({ list, onDone }: { list: List; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateList(list.id);
  const [name, setName] = useState(list.name);
  const [description, setDescription] = useState(list.description);
  const [shop, setShop] = useState(list.shop);
  const [error, setError] = useState<string | null>(null);
  const [shopError, setShopError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError(t('lists.create.nameRequired'));
      return;
    }
    if (shop.trim().length > SHOP_NAME_MAX_LENGTH) {
      setShopError(t('lists.create.shopTooLong'));
      return;
    }
    update.mutate(
      {
        version: list.version,
        name: name.trim(),
        description: description.trim(),
        shop: shop.trim(),
      },
      {
        onSuccess: () => {
          notify({ type: 'success', message: t('lists.actions.saved') });
          onDone();
        },
        onError: (cause) => notify({ type: 'error', message: t(listActionFailureKey(cause)) }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <TextInput
          label={t('lists.fields.name')}
          required
          data-autofocus
          maxLength={LIST_NAME_MAX_LENGTH}
          value={name}
          error={error}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Textarea
          label={t('lists.fields.description')}
          autosize
          minRows={2}
          maxLength={LIST_DESCRIPTION_MAX_LENGTH}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <TextInput
          label={t('lists.fields.shop')}
          description={t('lists.fields.shopHint')}
          placeholder={t('lists.fields.shopPlaceholder')}
          value={shop}
          error={shopError}
          onChange={(event) => {
            setShop(event.currentTarget.value);
            if (shopError) setShopError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('app.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
