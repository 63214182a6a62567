import { GROUP_ROLES, type ActivityEntry, type GroupRole } from '@household/contracts';
import type { TFunction } from 'i18next';
import { formatCalendarDate } from '../../lib/format';
import { money } from '../../lib/money';
import { NAME_RULES, personName } from '../../lib/people';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function roleLabel(t: TFunction, value: unknown): string {
  const role = (GROUP_ROLES as readonly unknown[]).includes(value) ? (value as GroupRole) : null;
  return t(`groups.roles.${role ?? 'member'}`);
}

/** `{ changes: { name: { from, to } } }` of group_updated, when the name is what changed. */
function renamed(details: Record<string, unknown>): { from: string; to: string } | null {
  const changes = details.changes;
  if (!isRecord(changes) || !isRecord(changes.name)) return null;
  const { from, to } = changes.name;
  return typeof from === 'string' && typeof to === 'string' ? { from, to } : null;
}

/** Invitations name an address (docs/groups.md); older entries named the invited account. */
function invitee(details: Record<string, unknown>, subject: string): string {
  return typeof details.email === 'string' ? details.email : subject;
}

/** One translated sentence per verb of the activity table in docs/groups.md. */
export function activitySentence(t: TFunction, entry: ActivityEntry, locale: string): string {
  const actor = personName(t, entry.actor, NAME_RULES.groups);
  const subject = personName(t, entry.subject, NAME_RULES.groups);
  const { details } = entry;
  switch (entry.verb) {
    case 'group_created':
      return t('groups.activity.group_created', { actor });
    case 'group_updated': {
      const name = renamed(details);
      return name
        ? t('groups.activity.group_renamed', { actor, ...name })
        : t('groups.activity.group_updated', { actor });
    }
    case 'group_settings_updated':
      return t('groups.activity.group_settings_updated', { actor });
    case 'member_joined':
      return details.via === 'invitation'
        ? t('groups.activity.member_joined_invitation', { actor })
        : t('groups.activity.member_joined', { actor });
    case 'member_left':
      return t('groups.activity.member_left', { actor });
    case 'member_removed':
      return t('groups.activity.member_removed', { actor, subject });
    case 'role_changed': {
      const roles = { subject, from: roleLabel(t, details.from), to: roleLabel(t, details.to) };
      // The last owner deleted their account and the group passed on without an actor.
      return entry.actor === null && details.reason === 'owner_deleted'
        ? t('groups.activity.role_changed_handover', roles)
        : t('groups.activity.role_changed', { actor, ...roles });
    }
    case 'member_weight_changed':
      return t('groups.activity.member_weight_changed', {
        actor,
        subject,
        weight: typeof details.share_weight === 'number' ? details.share_weight : 100,
      });
    case 'unit_created':
    case 'unit_deleted':
      return t(`groups.activity.${entry.verb}`, { actor, unit: text(details.name) });
    case 'unit_updated':
      return t('groups.activity.unit_updated', { actor, unit: text(details.name) });
    case 'invite_code_generated':
      return t('groups.activity.invite_code_generated', { actor });
    case 'invite_code_revoked':
      return t('groups.activity.invite_code_revoked', { actor });
    case 'invitation_sent':
      return t('groups.activity.invitation_sent', { actor, subject: invitee(details, subject) });
    case 'invitation_declined':
      return t('groups.activity.invitation_declined', { actor });
    case 'invitation_revoked':
      return t('groups.activity.invitation_revoked', { actor, subject: invitee(details, subject) });
    case 'list_created':
    case 'list_updated':
    case 'list_deleted':
    case 'list_completed':
    case 'list_reopened':
    case 'list_archived':
    case 'list_unarchived':
    case 'list_duplicated':
    case 'list_shared':
    case 'list_unshared':
    case 'list_imported':
    case 'items_reordered':
      return t(`groups.activity.${entry.verb}`, { actor, list: text(details.list_name) });
    case 'item_added':
    case 'item_updated':
    case 'item_checked':
    case 'item_unchecked':
    case 'item_deleted':
      return t(`groups.activity.${entry.verb}`, {
        actor,
        list: text(details.list_name),
        item: text(details.item_name),
      });
    case 'items_merged':
      return itemsMerged(t, actor, details);
    case 'expense_added':
    case 'expense_updated':
    case 'expense_deleted':
      return t(`groups.activity.${entry.verb}`, {
        actor,
        expense: text(details.description),
        amount: amount(details.amount_cents, details.currency, locale),
      });
    case 'split_settled':
      return t('groups.activity.split_settled', {
        actor,
        subject,
        expense: text(details.description),
        amount: amount(details.settled_cents, details.currency, locale),
      });
    case 'settlement_recorded':
    case 'settlement_updated':
    case 'settlement_deleted':
      return t(`groups.activity.${entry.verb}`, {
        actor,
        subject,
        amount: amount(details.amount_cents, details.currency, locale),
      });
    case 'expenses_imported':
      return t('groups.activity.expenses_imported', {
        actor,
        count: typeof details.expenses === 'number' ? details.expenses : 0,
      });
    case 'chore_created':
    case 'chore_updated':
    case 'chore_deleted':
    case 'chore_completed':
    case 'chore_undone':
    case 'chore_assigned':
    case 'chore_unassigned':
    case 'assignment_completed':
    case 'assignment_undone':
    case 'chore_skipped':
    case 'chore_snoozed':
    case 'chore_swap_requested':
    case 'chore_swap_accepted':
    case 'chore_swap_declined':
    case 'chore_swap_cancelled':
      return t(`groups.activity.${entry.verb}`, {
        actor,
        subject,
        chore: text(details.chore_name),
      });
    case 'chore_schedule_generated':
      return t('groups.activity.chore_schedule_generated', {
        actor,
        count: typeof details.assignments === 'number' ? details.assignments : 0,
      });
    case 'chore_time_logged':
      return t('groups.activity.chore_time_logged', {
        actor,
        chore: text(details.chore_name),
        count: typeof details.minutes === 'number' ? details.minutes : 0,
      });
    case 'away_period_added':
    case 'away_period_removed':
      return t(`groups.activity.${entry.verb}`, {
        actor,
        subject,
        from: formatCalendarDate(text(details.starts_on), locale),
        to: formatCalendarDate(text(details.ends_on), locale),
      });
  }
}

/**
 * Items reviewed from a photo: some added, some already on the list updated. A sentence names
 * only what happened, so that no one reads "added 0 items".
 */
function itemsMerged(t: TFunction, actor: string, details: Record<string, unknown>): string {
  const values = { actor, list: text(details.list_name) };
  const added = count(details.added);
  const updated = count(details.updated);
  if (updated === 0) return t('groups.activity.items_merged_added', { ...values, count: added });
  if (added === 0) return t('groups.activity.items_merged_updated', { ...values, count: updated });
  return t('groups.activity.items_merged', {
    ...values,
    added: t('groups.activity.itemCount', { count: added }),
    updated: t('groups.activity.itemCount', { count: updated }),
  });
}

function count(value: unknown): number {
  return typeof value === 'number' ? value : 0;
}

/** An amount the server wrote into the entry's details, in the group's currency. */
function amount(cents: unknown, currency: unknown, locale: string): string {
  if (typeof cents !== 'number' || typeof currency !== 'string') return '';
  return money(cents, currency, locale);
}

/** A name the server wrote into the entry's details when the change happened. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
