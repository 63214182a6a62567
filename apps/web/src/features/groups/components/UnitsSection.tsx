import type { Group, GroupUnit } from '@household/contracts';
import { Button, Checkbox, Group as Row, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { Section } from '../../../components/Section';
import { NAME_RULES, personName } from '../../../lib/people';
import { notify } from '../../../lib/toasts';
import { useCreateUnit, useDissolveUnit, useUpdateUnit } from '../api/mutations';
import { actionErrorKey } from '../errors';

/**
 * Units (docs/expenses.md "Units"): members joined to settle as one party, a couple. Everyone sees
 * them; owners and admins make, rename and dissolve them.
 */
export function UnitsSection({ group }: { group: Group }) {
  const { t } = useTranslation();
  const canManage = group.my_permissions.includes('manage_members');
  const [creating, setCreating] = useState(false);
  if (!canManage && group.units.length === 0) return null;
  return (
    <Section title={t('groups.units.title')}>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('groups.units.intro')}
        </Text>
        {group.units.length === 0 && <Text c="dimmed">{t('groups.units.none')}</Text>}
        {group.units.map((unit) => (
          <UnitRow key={unit.id} group={group} unit={unit} canManage={canManage} />
        ))}
        {canManage &&
          (creating ? (
            <UnitForm group={group} onDone={() => setCreating(false)} />
          ) : (
            <Button variant="default" w="fit-content" onClick={() => setCreating(true)}>
              {t('groups.units.create')}
            </Button>
          ))}
      </Stack>
    </Section>
  );
}

function UnitRow({
  group,
  unit,
  canManage,
}: {
  group: Group;
  unit: GroupUnit;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState(false);
  const [dissolving, setDissolving] = useState(false);
  const dissolve = useDissolveUnit(group.id);
  const names = unit.members.map((member) => personName(t, member, NAME_RULES.groups)).join(', ');
  return (
    <Paper withBorder p="sm" data-testid="unit-row" aria-label={unit.name} role="group">
      {renaming ? (
        <UnitForm group={group} unit={unit} onDone={() => setRenaming(false)} />
      ) : (
        <Row justify="space-between" gap="xs" wrap="wrap">
          <Stack gap={0} miw={0}>
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {unit.name}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {names}
            </Text>
          </Stack>
          {canManage && (
            <Row gap="xs">
              <Button size="xs" variant="default" onClick={() => setRenaming(true)}>
                {t('groups.units.edit')}
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => setDissolving(true)}>
                {t('groups.units.dissolve')}
              </Button>
            </Row>
          )}
        </Row>
      )}
      <ConfirmModal
        opened={dissolving}
        title={t('groups.units.dissolveTitle')}
        text={t('groups.units.dissolveText', { name: unit.name })}
        confirmLabel={t('groups.units.dissolve')}
        loading={dissolve.isPending}
        onClose={() => setDissolving(false)}
        onConfirm={() =>
          dissolve.mutate(unit.id, {
            onSuccess: () => notify({ type: 'success', message: t('groups.units.dissolved') }),
            onError: (error) =>
              notify({ type: 'error', message: t(actionErrorKey(error, 'groups.units.failed')) }),
            onSettled: () => setDissolving(false),
          })
        }
      />
    </Paper>
  );
}

/** Makes a unit, or changes one: a name and two or more members in no other unit. */
function UnitForm({ group, unit, onDone }: { group: Group; unit?: GroupUnit; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateUnit(group.id);
  const update = useUpdateUnit(group.id);
  const [name, setName] = useState(unit?.name ?? '');
  const [chosen, setChosen] = useState<string[]>(
    unit ? unit.members.map((member) => String(member.id)) : [],
  );
  const [error, setError] = useState<string | null>(null);
  const free = group.members.filter(
    (member) => member.unit_id === null || member.unit_id === unit?.id,
  );
  const pending = create.isPending || update.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError(t('groups.units.nameRequired'));
    if (chosen.length < 2) return setError(t('groups.units.twoMembers'));
    setError(null);
    const body = { name: name.trim(), member_ids: chosen.map(Number) };
    const handlers = {
      onSuccess: () => {
        notify({ type: 'success', message: t('groups.units.saved') });
        onDone();
      },
      onError: (failure: unknown) => setError(t(actionErrorKey(failure, 'groups.units.failed'))),
    };
    if (unit) update.mutate({ unitId: unit.id, body }, handlers);
    else create.mutate(body, handlers);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <TextInput
          label={t('groups.units.name')}
          placeholder={t('groups.units.namePlaceholder')}
          value={name}
          maxLength={80}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Checkbox.Group label={t('groups.units.members')} value={chosen} onChange={setChosen}>
          <Stack gap={4} mt={4}>
            {free.map((member) => (
              <Checkbox
                key={member.id}
                value={String(member.id)}
                label={personName(t, member, NAME_RULES.groups)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Row gap="xs">
          <Button type="submit" size="xs" loading={pending}>
            {t('groups.units.save')}
          </Button>
          <Button size="xs" variant="default" onClick={onDone} disabled={pending}>
            {t('groups.units.cancel')}
          </Button>
        </Row>
      </Stack>
    </form>
  );
}
