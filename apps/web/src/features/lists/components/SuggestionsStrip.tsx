import type { Suggestion } from '@household/contracts';
import { Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { notify } from '../../../lib/toasts';
import { useAddItem } from '../api/item-mutations';
import { suggestionsQueryOptions } from '../api/queries';

/**
 * Issue 25 "usually bought with": after `item` was added, what the household most often buys
 * with it and what is due again, one tap each to add. Asked for only once something was added,
 * and shown only when there is something to suggest; it never stands between the person and the
 * field they type in.
 */
export function SuggestionsStrip({
  listId,
  item,
  onDismiss,
}: {
  listId: number;
  /** The name of the item just added. */
  item: string;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const suggestions = useQuery(suggestionsQueryOptions(useApi(), listId, item));
  const addItem = useAddItem(listId);
  // Added from this strip: gone from it at once, before the list's answer says so.
  const [added, setAdded] = useState<ReadonlySet<string>>(() => new Set());

  const shown = (suggestions.data?.suggestions ?? []).filter(
    (suggestion) => !added.has(suggestion.name.toLowerCase()),
  );
  const boughtWith = shown.filter((suggestion) => suggestion.reason === 'bought_with');
  const dueAgain = shown.filter((suggestion) => suggestion.reason === 'due_again');
  if (boughtWith.length === 0 && dueAgain.length === 0) return null;

  const add = (suggestion: Suggestion) => {
    setAdded((before) => new Set(before).add(suggestion.name.toLowerCase()));
    addItem.mutate(
      {
        name: suggestion.name,
        ...(suggestion.category_id === null ? {} : { category_id: suggestion.category_id }),
      },
      {
        onSuccess: (outcome) => {
          if (outcome.status === 'sent')
            notify({ type: 'success', message: t('lists.item.added') });
        },
      },
    );
  };

  // The buttons are named by their visible text alone (the item's name): the line before them
  // says what tapping does.
  const buttons = (list: Suggestion[]) =>
    list.map((suggestion) => (
      <Button
        key={suggestion.name}
        size="compact-md"
        variant="light"
        leftSection={<IconPlus size={14} aria-hidden />}
        title={
          suggestion.every_days === null
            ? undefined
            : t('lists.suggestions.every', { count: suggestion.every_days })
        }
        onClick={() => add(suggestion)}
      >
        {suggestion.name}
      </Button>
    ));

  return (
    <Paper
      component="section"
      aria-label={t('lists.suggestions.label')}
      withBorder
      px="sm"
      py={6}
      data-testid="suggestions"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={6} miw={0}>
          {boughtWith.length > 0 && (
            <Group gap={6}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('lists.suggestions.boughtWith', { item })}
              </Text>
              {buttons(boughtWith)}
            </Group>
          )}
          {dueAgain.length > 0 && (
            <Group gap={6}>
              <Text size="sm">{t('lists.suggestions.dueAgain')}</Text>
              {buttons(dueAgain)}
            </Group>
          )}
        </Stack>
        <CloseButton aria-label={t('lists.suggestions.dismiss')} onClick={onDismiss} />
      </Group>
    </Paper>
  );
}
