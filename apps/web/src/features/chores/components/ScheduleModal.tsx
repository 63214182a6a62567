import type { Chore, Group as HouseholdGroup } from '@household/contracts';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/toasts';
import { useGenerateSchedule } from '../api/mutations';
import { choreErrorKey } from '../errors';
import { AwayPeriodsField } from './AwayPeriodsField';
import {
  ScheduleChoresField,
  ScheduleMembersField,
  SchedulePeriodFields,
} from './ScheduleChoiceFields';
import { SchedulePlanPreview } from './SchedulePlanPreview';
import { useScheduleDraft } from './use-schedule-draft';

/**
 * spec §2 generate-schedule modal (docs/chores.md "Generating a schedule"): the period, who shares
 * the work, which recurring chores and who is away when; Preview shows the fair rotation the
 * server plans, and Save schedule stores exactly that plan.
 */
export function ScheduleModal({
  opened,
  group,
  chores,
  onClose,
}: {
  opened: boolean;
  group: HouseholdGroup;
  chores: Chore[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const recurring = chores.filter((chore) => chore.frequency !== 'one_time');
  const draft = useScheduleDraft({ group, recurring });
  const generate = useGenerateSchedule(group.id);

  const failed = (error: unknown) =>
    notify({ type: 'error', message: t(choreErrorKey(error, 'assignments.schedule.failed')) });
  const preview = () =>
    generate.mutate(draft.body(true), { onSuccess: draft.setPlan, onError: failed });
  const save = () =>
    generate.mutate(draft.body(false), {
      onSuccess: (saved) => {
        notify({
          type: 'success',
          message: t('assignments.schedule.saved', {
            count: saved.assignments.filter((a) => a.user_id !== null).length,
          }),
        });
        onClose();
      },
      onError: failed,
    });

  return (
    <Modal opened={opened} onClose={onClose} title={t('assignments.schedule.title')} size="lg">
      <Stack>
        {recurring.length === 0 && (
          <Alert color="yellow">{t('assignments.schedule.noChores')}</Alert>
        )}
        <SchedulePeriodFields draft={draft} />
        <ScheduleMembersField draft={draft} group={group} />
        {recurring.length > 0 && <ScheduleChoresField draft={draft} recurring={recurring} />}
        <AwayPeriodsField draft={draft} group={group} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('app.cancel')}
          </Button>
          <Button
            variant="light"
            disabled={!draft.ready}
            loading={generate.isPending && generate.variables?.preview === true}
            onClick={preview}
          >
            {t('assignments.schedule.preview')}
          </Button>
          <Button
            disabled={!draft.ready || draft.plan === null}
            loading={generate.isPending && generate.variables?.preview === false}
            onClick={save}
          >
            {t('assignments.schedule.save')}
          </Button>
        </Group>
        {draft.plan && <SchedulePlanPreview plan={draft.plan} group={group} />}
      </Stack>
    </Modal>
  );
}
