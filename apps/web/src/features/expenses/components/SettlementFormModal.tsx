import { EXPENSE_NOTES_MAX_LENGTH, type PersonRef, type Settlement } from '@household/contracts';
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NAME_RULES, personName } from '../../../lib/people';
import { useSettlementForm, type SettlementErrors } from './use-settlement-form';

/** Records a payment between two members, or edits one (its amount, date and note). */
export function SettlementFormModal({
  opened,
  groupId,
  currency,
  members,
  settlement,
  onClose,
}: {
  opened: boolean;
  groupId: number;
  currency: string;
  /** The group's current members: only they can be named in a new payment. */
  members: PersonRef[];
  /** Null: a new payment. */
  settlement: Settlement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={settlement ? t('money.settlements.editTitle') : t('money.settlements.createTitle')}
    >
      {opened && (
        <SettlementForm
          key={settlement?.id ?? 'new'}
          groupId={groupId}
          currency={settlement?.currency ?? currency}
          members={members}
          settlement={settlement}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function SettlementForm({
  groupId,
  currency,
  members,
  settlement,
  onDone,
}: {
  groupId: number;
  currency: string;
  members: PersonRef[];
  settlement: Settlement | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { fields, setters, errors, failure, pending, onSubmit } = useSettlementForm({
    groupId,
    currency,
    members,
    settlement,
    onDone,
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <SettlementParties
          settlement={settlement}
          members={members}
          fromId={fields.fromId}
          toId={fields.toId}
          onFrom={setters.setFromId}
          onTo={setters.setToId}
          errors={errors}
        />
        <TextInput
          label={t('money.form.amount')}
          inputMode="decimal"
          autoComplete="off"
          rightSection={
            <Text size="sm" c="dimmed">
              {currency}
            </Text>
          }
          rightSectionWidth={48}
          value={fields.amount}
          error={errors.amount}
          required
          data-autofocus
          onChange={(event) => setters.setAmount(event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('money.form.date')}
          value={fields.date}
          error={errors.date}
          required
          onChange={(event) => setters.setDate(event.currentTarget.value)}
        />
        <Textarea
          label={t('money.form.note')}
          autosize
          minRows={2}
          maxLength={EXPENSE_NOTES_MAX_LENGTH}
          value={fields.note}
          onChange={(event) => setters.setNote(event.currentTarget.value)}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={pending}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('app.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Who paid whom: fixed for a payment being edited, chosen among the members for a new one. */
function SettlementParties({
  settlement,
  members,
  fromId,
  toId,
  onFrom,
  onTo,
  errors,
}: {
  settlement: Settlement | null;
  members: PersonRef[];
  fromId: string;
  toId: string;
  onFrom: (id: string) => void;
  onTo: (id: string) => void;
  errors: SettlementErrors;
}) {
  const { t } = useTranslation();
  if (settlement) {
    return (
      <Text>
        {t('money.form.between', {
          from: personName(t, settlement.from, NAME_RULES.expenses),
          to: personName(t, settlement.to, NAME_RULES.expenses),
        })}
      </Text>
    );
  }
  const people = members.map((member) => ({
    value: String(member.id),
    label: personName(t, member, NAME_RULES.expenses),
  }));
  return (
    <>
      <NativeSelect
        label={t('money.form.payer')}
        data={people}
        value={fromId}
        onChange={(event) => onFrom(event.currentTarget.value)}
      />
      <NativeSelect
        label={t('money.form.receiver')}
        data={people}
        value={toId}
        error={errors.to}
        onChange={(event) => onTo(event.currentTarget.value)}
      />
    </>
  );
}
