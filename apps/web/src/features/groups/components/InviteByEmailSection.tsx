import type { Group, Invitation } from '@household/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group as Row, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { errorText } from '../../../lib/forms';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { groupInvitationsQueryOptions } from '../api/queries';
import { useRevokeInvitation, useSendInvitation } from '../api/mutations';
import { NAME_RULES, personName } from '../../../lib/people';
import { inviteByEmailSchema, type InviteByEmailValues } from '../schemas';
import { Section } from '../../../components/Section';

/**
 * docs/groups.md: every member with an account may invite any address, and hears the same whether
 * or not it has an account; a guest sees why they cannot. Pending invitations, by address, are
 * listed for everyone.
 */
export function InviteByEmailSection({ group, myId }: { group: Group; myId: number | undefined }) {
  const { t } = useTranslation();
  const isGuest = useSession().user?.is_guest ?? false;
  const invitations = useQuery(groupInvitationsQueryOptions(useApi(), group.id));
  const send = useSendInvitation(group.id);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<InviteByEmailValues>({
    resolver: zodResolver(inviteByEmailSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = ({ email }: InviteByEmailValues) =>
    send.mutate(email, {
      onSuccess: (invitation) => {
        notify({ type: 'success', message: t('groups.byEmail.sent', { email: invitation.email }) });
        reset();
      },
      onError: (error) => {
        if (isApiError(error, 'conflict')) {
          setError('email', { message: 'groups.byEmail.conflict' });
        }
        notify({ type: 'error', message: t('groups.byEmail.failed') });
      },
    });

  // The inviter, an owner or an admin may revoke (docs/groups.md).
  const mayRevokeAny = group.my_permissions.includes('manage_members');
  const pending = invitations.data?.filter((invitation) => invitation.status === 'pending') ?? [];

  return (
    <Section title={t('groups.byEmail.title')}>
      {isGuest ? (
        <Text size="sm" c="dimmed">
          {t('groups.byEmail.guestHint')}
        </Text>
      ) : (
        <form onSubmit={handleSubmit(onSubmit)} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="off"
              error={errorText(t, errors.email)}
              {...register('email')}
            />
            <Row>
              <Button type="submit" loading={send.isPending}>
                {t('groups.byEmail.submit')}
              </Button>
            </Row>
          </Stack>
        </form>
      )}
      <Title order={4} size="h6">
        {t('groups.byEmail.pending')}
      </Title>
      {invitations.isError ? (
        <Text size="sm" c="red">
          {t('groups.byEmail.loadFailed')}
        </Text>
      ) : pending.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('groups.byEmail.none')}
        </Text>
      ) : (
        <Stack gap="xs">
          {pending.map((invitation) => (
            <InvitationRow
              key={invitation.id}
              groupId={group.id}
              invitation={invitation}
              mayRevoke={mayRevokeAny || invitation.inviter?.id === myId}
            />
          ))}
        </Stack>
      )}
    </Section>
  );
}

function InvitationRow({
  groupId,
  invitation,
  mayRevoke,
}: {
  groupId: number;
  invitation: Invitation;
  mayRevoke: boolean;
}) {
  const { t } = useTranslation();
  const revoke = useRevokeInvitation(groupId);
  const onRevoke = () =>
    revoke.mutate(invitation.id, {
      onSuccess: () => notify({ type: 'success', message: t('groups.byEmail.revoked') }),
      onError: () => notify({ type: 'error', message: t('groups.byEmail.revokeFailed') }),
    });
  return (
    <Row justify="space-between" gap="xs" wrap="wrap" data-testid="invitation-row">
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {invitation.email}
        </Text>
        <Text size="xs" c="dimmed">
          {t('groups.invitations.invitedBy', {
            name: personName(t, invitation.inviter, NAME_RULES.groups),
          })}
        </Text>
      </Stack>
      {mayRevoke && (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={onRevoke}
          loading={revoke.isPending}
        >
          {t('groups.byEmail.revoke')}
        </Button>
      )}
    </Row>
  );
}
