import type { Invitation } from '@household/contracts';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { pendingInvitationsQueryOptions } from '../api/queries';
import { useAcceptInvitation, useDeclineInvitation } from '../api/mutations';
import { NAME_RULES, personName } from '../../../lib/people';
import { Section } from '../../../components/Section';

/**
 * docs/groups.md: personal invitations to my address, each accepted or declined here. They are
 * listed once the address is verified; until then, a hint says so.
 */
export function PendingInvitations() {
  const { t } = useTranslation();
  const user = useSession().user;
  const invitations = useQuery(pendingInvitationsQueryOptions(useApi()));
  const pending = invitations.data?.filter((invitation) => invitation.status === 'pending') ?? [];
  if (user && !user.is_guest && !user.is_verified) {
    return (
      <Text size="sm" c="dimmed" data-testid="verify-for-invitations">
        {t('groups.invitations.verifyHint')}
      </Text>
    );
  }
  if (pending.length === 0) return null;
  return (
    <Section title={t('groups.invitations.title')}>
      <Stack gap="xs">
        {pending.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} />
        ))}
      </Stack>
    </Section>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const busy = accept.isPending || decline.isPending;

  const onAccept = () =>
    accept.mutate(invitation.id, {
      onSuccess: (result) =>
        notify({
          type: 'success',
          message: t('groups.join.success', { name: result.group.name }),
        }),
      onError: () => notify({ type: 'error', message: t('groups.invitations.acceptFailed') }),
    });
  const onDecline = () =>
    decline.mutate(invitation.id, {
      onSuccess: () => notify({ type: 'success', message: t('groups.invitations.declined') }),
      onError: () => notify({ type: 'error', message: t('groups.invitations.declineFailed') }),
    });

  return (
    <Card withBorder padding="sm" data-testid="invitation-row">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={0} miw={0}>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {invitation.group.name}
          </Text>
          <Text size="sm" c="dimmed">
            {t('groups.invitations.invitedBy', {
              name: personName(t, invitation.inviter, NAME_RULES.groups),
            })}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button size="xs" onClick={onAccept} loading={accept.isPending} disabled={busy}>
            {t('groups.invitations.accept')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={onDecline}
            loading={decline.isPending}
            disabled={busy}
          >
            {t('groups.invitations.decline')}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
