import type { GroupMember } from '@household/contracts';
import { Fieldset, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NAME_RULES, personName } from '../../../lib/people';
import type { PayerAmounts, PayerCheck } from '../payer-draft';
import { say } from './expense-form-values';

/**
 * "Paid by several people": what each member paid, and one live line with what is left to assign
 * or too much, like the exact split's. Announced politely to assistive technology.
 */
export function PayersFields({
  members,
  amounts,
  setAmounts,
  check,
  currency,
  format,
  submitted,
}: {
  members: GroupMember[];
  amounts: PayerAmounts;
  setAmounts: (update: (current: PayerAmounts) => PayerAmounts) => void;
  check: PayerCheck;
  currency: string;
  format: (cents: number) => string;
  submitted: boolean;
}) {
  const { t } = useTranslation();
  const difference = check.difference;
  return (
    <Fieldset legend={t('expenses.form.payersLegend')} variant="unstyled">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {members.map((member) => {
          const name = personName(t, member, NAME_RULES.expenses);
          return (
            <TextInput
              key={member.id}
              label={t('expenses.form.paidAmountFor', { name })}
              inputMode="decimal"
              rightSection={<Text size="xs">{currency}</Text>}
              rightSectionWidth={52}
              value={amounts[member.id] ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setAmounts((current) => ({ ...current, [member.id]: value }));
              }}
              error={say(t, check.fieldErrors.get(member.id))}
            />
          );
        })}
      </SimpleGrid>
      <div role="status" aria-live="polite" data-testid="payers-status-line">
        {difference !== null && difference !== 0 ? (
          <Text size="sm" c="red" fw={600} mt="xs">
            {difference > 0
              ? t('expenses.form.leftToAssign', { amount: format(Math.abs(difference)) })
              : t('expenses.form.tooMuch', { amount: format(Math.abs(difference)) })}
          </Text>
        ) : check.error && submitted ? (
          <Text size="sm" c="red" mt="xs">
            {say(t, check.error)}
          </Text>
        ) : null}
      </div>
    </Fieldset>
  );
}
