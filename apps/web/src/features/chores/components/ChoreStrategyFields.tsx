import { ASSIGNMENT_STRATEGIES, CHORE_FAIR_WINDOW_MAX, type PersonRef } from '@household/contracts';
import { ActionIcon, Group, Input, NativeSelect, NumberInput, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { NAME_RULES, personName } from '../../../lib/people';
import { groupQueryOptions } from '../../../lib/shared-queries';
import { say, type ChoreFormValues } from './chore-form-values';

/**
 * "How turns are handed out" (docs/chores.md "Assignment strategies"): the strategy of a group
 * chore and its options: the order (moved with up/down buttons), the person, or the window.
 */
export function ChoreStrategyFields({
  form,
  groupId,
}: {
  form: UseFormReturn<ChoreFormValues>;
  groupId: number | null;
}) {
  const { t } = useTranslation();
  const group = useQuery({
    ...groupQueryOptions(useApi(), groupId ?? 0),
    enabled: groupId !== null,
  });
  const members = useMemo(() => group.data?.members ?? [], [group.data]);
  const strategy = form.watch('strategy');
  const order = form.watch('rotationOrder');
  const errors = form.formState.errors;

  // A fixed rotation starts with every member, in the group's order.
  useEffect(() => {
    if (strategy === 'fixed_rotation' && order.length === 0 && members.length > 0) {
      form.setValue(
        'rotationOrder',
        members.map((member) => member.id),
        { shouldDirty: true },
      );
    }
  }, [strategy, order.length, members, form]);

  const nameOf = (id: number) => {
    const person: PersonRef | undefined = members.find((member) => member.id === id);
    return person ? personName(t, person, NAME_RULES.chores) : `#${id}`;
  };

  return (
    <Stack gap="xs">
      <NativeSelect
        label={t('chores.strategy.label')}
        description={t(`chores.strategy.hint.${strategy}`)}
        data={ASSIGNMENT_STRATEGIES.map((value) => ({
          value,
          label: t(`chores.strategy.name.${value}`),
        }))}
        {...form.register('strategy')}
      />
      {strategy === 'fixed_rotation' && (
        <Controller
          control={form.control}
          name="rotationOrder"
          render={({ field }) => {
            const move = (index: number, by: -1 | 1) => {
              const next = [...field.value];
              [next[index], next[index + by]] = [next[index + by]!, next[index]!];
              field.onChange(next);
            };
            return (
              <Input.Wrapper
                label={t('chores.strategy.order')}
                error={say(t, errors.rotationOrder as never)}
              >
                <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
                  {field.value.map((id, index) => (
                    <Group key={id} component="li" gap="xs" wrap="nowrap">
                      <Text size="sm" style={{ flex: 1 }}>
                        {index + 1}. {nameOf(id)}
                      </Text>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('chores.strategy.moveUp', { name: nameOf(id) })}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        <IconArrowUp size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('chores.strategy.moveDown', { name: nameOf(id) })}
                        disabled={index === field.value.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        <IconArrowDown size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  ))}
                </Stack>
              </Input.Wrapper>
            );
          }}
        />
      )}
      {strategy === 'same_person' && (
        <NativeSelect
          label={t('chores.strategy.person')}
          required
          error={say(t, errors.assigneeId)}
          data={[
            { value: '', label: t('chores.strategy.choosePerson') },
            ...members.map((member) => ({ value: String(member.id), label: nameOf(member.id) })),
          ]}
          {...form.register('assigneeId')}
        />
      )}
      {strategy === 'random_fair' && (
        <Controller
          control={form.control}
          name="fairWindow"
          render={({ field }) => (
            <NumberInput
              label={t('chores.strategy.window')}
              description={t('chores.strategy.windowHint')}
              min={1}
              max={CHORE_FAIR_WINDOW_MAX}
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              error={say(t, errors.fairWindow)}
              {...field}
            />
          )}
        />
      )}
    </Stack>
  );
}
