import type { Group, GroupMember, GroupRole } from '@household/contracts';
import {
  ActionIcon,
  Avatar,
  Group as Row,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { notify } from '../../../lib/toasts';
import { useChangeRole, useRemoveMember, useSetShareWeight } from '../api/mutations';
import { actionErrorKey } from '../errors';
import { NAME_RULES, personName } from '../../../lib/people';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { RoleBadge } from './RoleBadge';
import { Section } from '../../../components/Section';

/**
 * What I may do to a member, by docs/groups.md: manage_members changes roles between member and
 * admin and removes; only grant_owner touches an owner or makes one. Removing myself is leaving,
 * which has its own button.
 */
function controlsFor(group: Group, member: GroupMember, myId: number | undefined) {
  const permissions = group.my_permissions;
  const canManage = permissions.includes('manage_members');
  const canGrantOwner = permissions.includes('grant_owner');
  const reachable = canManage && (member.role !== 'owner' || canGrantOwner);
  const roles: GroupRole[] = canGrantOwner ? ['member', 'admin', 'owner'] : ['member', 'admin'];
  return {
    roles: reachable ? roles : null,
    canRemove: reachable && member.id !== myId,
    canWeigh: canManage,
  };
}

export function MembersSection({ group, myId }: { group: Group; myId: number | undefined }) {
  const { t } = useTranslation();
  // The member stays named while the dialog fades out after closing.
  const [removing, setRemoving] = useState<GroupMember | null>(null);
  const [confirming, setConfirming] = useState(false);
  const removeMember = useRemoveMember(group.id);

  const onRemove = () => {
    if (!removing) return;
    removeMember.mutate(removing.id, {
      onSuccess: () => notify({ type: 'success', message: t('groups.members.removed') }),
      onError: (error) =>
        notify({ type: 'error', message: t(actionErrorKey(error, 'groups.members.removeFailed')) }),
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <Section title={t('groups.members.title')}>
      <Stack gap="xs">
        {group.members.map((member) => (
          <MemberRow
            key={member.id}
            group={group}
            member={member}
            isMe={member.id === myId}
            controls={controlsFor(group, member, myId)}
            onRemove={() => {
              setRemoving(member);
              setConfirming(true);
            }}
          />
        ))}
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('groups.members.removeTitle')}
        text={t('groups.members.removeText', { name: personName(t, removing, NAME_RULES.groups) })}
        confirmLabel={t('groups.members.remove')}
        loading={removeMember.isPending}
        onConfirm={onRemove}
        onClose={() => setConfirming(false)}
      />
    </Section>
  );
}

function MemberRow({
  group,
  member,
  isMe,
  controls,
  onRemove,
}: {
  group: Group;
  member: GroupMember;
  isMe: boolean;
  controls: ReturnType<typeof controlsFor>;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const changeRole = useChangeRole(group.id);
  const name = personName(t, member, NAME_RULES.groups);

  const onRoleChange = (role: GroupRole) =>
    changeRole.mutate(
      { userId: member.id, role },
      {
        onSuccess: () => notify({ type: 'success', message: t('groups.members.roleChanged') }),
        onError: (error) =>
          notify({ type: 'error', message: t(actionErrorKey(error, 'groups.members.roleFailed')) }),
      },
    );

  return (
    <Row
      data-testid="member-row"
      justify="space-between"
      gap="xs"
      wrap="wrap"
      py={4}
      aria-label={name}
      role="group"
    >
      <Row gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 10rem' }}>
        <Avatar
          src={member.avatar_url ? api.assetUrl(member.avatar_url) : null}
          alt=""
          radius="xl"
          size="md"
        />
        <Stack gap={0} miw={0}>
          <Text fw={500} truncate>
            {name}
            {isMe && (
              <Text span c="dimmed" size="sm">
                {' '}
                ({t('groups.members.you')})
              </Text>
            )}
          </Text>
          {member.email && (
            <Text size="xs" c="dimmed" truncate>
              {member.email}
            </Text>
          )}
        </Stack>
      </Row>
      <Row gap="xs" wrap="nowrap">
        {controls.canWeigh ? (
          <WeightInput groupId={group.id} member={member} name={name} />
        ) : (
          member.share_weight !== 100 && (
            <Text size="sm" c="dimmed">
              {t('groups.weights.badge', { weight: member.share_weight })}
            </Text>
          )
        )}
        {controls.roles ? (
          <NativeSelect
            aria-label={t('groups.members.role')}
            size="xs"
            value={member.role}
            disabled={changeRole.isPending}
            data={controls.roles.map((role) => ({ value: role, label: t(`groups.roles.${role}`) }))}
            onChange={(event) => onRoleChange(event.currentTarget.value as GroupRole)}
          />
        ) : (
          <RoleBadge role={member.role} />
        )}
        {controls.canRemove && (
          <Tooltip label={t('groups.members.remove')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('groups.members.remove')}
              onClick={onRemove}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Row>
    </Row>
  );
}

/**
 * The member's default weight in "shares" splits, in percent (docs/expenses.md "Weights"): saved
 * when the field is left with a new whole number between 1 and 1000.
 */
function WeightInput({
  groupId,
  member,
  name,
}: {
  groupId: number;
  member: GroupMember;
  name: string;
}) {
  const { t } = useTranslation();
  const setWeight = useSetShareWeight(groupId);
  const [value, setValue] = useState<string | number>(member.share_weight);
  const save = () => {
    const weight = Number(value);
    if (!Number.isInteger(weight) || weight < 1 || weight > 1000) {
      setValue(member.share_weight);
      notify({ type: 'error', message: t('groups.weights.invalid') });
      return;
    }
    if (weight === member.share_weight) return;
    setWeight.mutate(
      { userId: member.id, shareWeight: weight },
      {
        onSuccess: () => notify({ type: 'success', message: t('groups.weights.saved') }),
        onError: (error) => {
          setValue(member.share_weight);
          notify({ type: 'error', message: t(actionErrorKey(error, 'groups.weights.failed')) });
        },
      },
    );
  };
  return (
    <NumberInput
      aria-label={t('groups.weights.label', { name })}
      size="xs"
      w="5.5rem"
      min={1}
      max={1000}
      allowDecimal={false}
      allowNegative={false}
      suffix=" %"
      value={value}
      disabled={setWeight.isPending}
      onChange={setValue}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') save();
      }}
    />
  );
}
