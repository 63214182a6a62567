import { ZChore, type Chore } from '@household/contracts';
import type { CalendarDate } from '@household/domain';
import { Alert, Modal, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { isApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { notify } from '../../../lib/toasts';
import { fetchChore } from '../api/queries';
import { refreshChores, useDeleteChore } from '../api/mutations';
import { choreErrorKey } from '../errors';
import type { NewChoreDefaults } from './chore-form-values';
import { ChoreForm } from './ChoreForm';
import { useUnsavedChangesGuard } from './use-unsaved-changes';

/** What the form is for: editing a chore, or a new one with its starting type and group. */
export interface ChoreFormTarget {
  chore?: Chore;
  defaults?: NewChoreDefaults;
}

/** One opening of the form: the chore it started from (after a 409, the chore as it is now). */
interface Session {
  target: ChoreFormTarget | null;
  base: Chore | undefined;
  conflict: boolean;
}

const sessionFor = (target: ChoreFormTarget | null): Session => ({
  target,
  base: target?.chore,
  conflict: false,
});

/**
 * spec §2: create or edit a chore, delete it after a confirmation, and never lose typed changes
 * by accident: closing the dialog (Escape, its close button, a click beside it, Cancel), a link
 * in the app or closing the tab ask first while the form holds unsaved changes.
 */
export function ChoreFormModal({
  opened,
  target,
  today,
  onClose,
}: {
  opened: boolean;
  target: ChoreFormTarget | null;
  today: CalendarDate;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const remove = useDeleteChore();
  // A new target starts a new session: the dialog stays mounted between openings.
  const [session, setSession] = useState<Session>(() => sessionFor(target));
  if (target !== session.target && target !== null) setSession(sessionFor(target));
  const { base, conflict } = session;
  const [dirty, setDirty] = useState(false);
  const [askDiscard, setAskDiscard] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const blocker = useUnsavedChangesGuard(opened && dirty);
  const leaving = blocker.state === 'blocked';

  const close = () => {
    setDirty(false);
    setAskDiscard(false);
    onClose();
  };
  const requestClose = () => (dirty ? setAskDiscard(true) : close());

  const showLatest = async (current: unknown) => {
    const parsed = ZChore.safeParse(current);
    let latest = parsed.success ? parsed.data : undefined;
    if (!latest && base) latest = await fetchChore(api, base.id).catch(() => undefined);
    void refreshChores(queryClient);
    setSession((now) => ({ ...now, base: latest ?? now.base, conflict: true }));
  };
  const gone = () => {
    notify({ type: 'error', message: t('chores.errors.notFound') });
    void refreshChores(queryClient);
    close();
  };

  const confirmDelete = () => {
    if (!base) return;
    remove.mutate(base, {
      onSuccess: () => {
        notify({ type: 'success', message: t('chores.delete.success') });
        close();
      },
      onError: (cause) => {
        if (isApiError(cause, 'conflict')) return void showLatest(cause.problem.current);
        if (isApiError(cause, 'not_found')) return gone();
        notify({ type: 'error', message: t(choreErrorKey(cause, 'chores.form.saveFailed')) });
      },
      onSettled: () => setDeleting(false),
    });
  };

  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        // While a question is asked on top, Escape answers it and leaves this dialog alone.
        closeOnEscape={!askDiscard && !deleting && !leaving}
        size="lg"
        title={base ? t('chores.form.editTitle') : t('chores.form.newTitle')}
      >
        {opened && session.target && (
          <Stack>
            {conflict && (
              <Alert color="yellow" role="alert" title={t('chores.form.conflictTitle')}>
                {t('chores.form.conflict')}
              </Alert>
            )}
            <ChoreForm
              // The latest version after a 409 starts the fields afresh.
              key={base ? `${base.id}-${base.version}` : 'new'}
              chore={base}
              defaults={session.target.defaults}
              today={today}
              onDirtyChange={setDirty}
              onSaved={close}
              onCancel={requestClose}
              onDelete={() => setDeleting(true)}
              onConflict={(current) => void showLatest(current)}
              onGone={gone}
            />
          </Stack>
        )}
      </Modal>
      <ConfirmModal
        opened={deleting}
        title={t('chores.delete.title')}
        text={base ? t('chores.delete.text', { name: base.name }) : ''}
        confirmLabel={t('chores.delete.confirm')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      />
      <ConfirmModal
        opened={askDiscard || leaving}
        title={t('chores.discard.title')}
        text={t('chores.discard.text')}
        confirmLabel={t('chores.discard.confirm')}
        onConfirm={() => {
          close();
          if (leaving) blocker.proceed();
        }}
        onClose={() => {
          setAskDiscard(false);
          if (leaving) blocker.reset();
        }}
      />
    </>
  );
}
