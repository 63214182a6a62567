import type {
  ActivityEntry,
  ActivityVerb,
  GroupMember,
  GroupRole,
  GroupSummary,
  InviteCode,
  PersonRef,
} from '@household/contracts';
import type { Config } from '../../config';
import type { GroupActivityRow, GroupInviteCodeRow, GroupRow, UserRow } from '../../db/schema';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { avatarPath } from '../users/users.presenter';

type UrlConfig = Pick<Config, 'publicApiUrl'>;

/** The columns a person reference needs, from `users` or an alias of it (for left joins). */
export type PersonFields = Pick<UserRow, 'id' | 'name' | 'avatarKey' | 'isGuest'>;

interface PersonTable {
  id: AnyPgColumn<{ data: number; notNull: true }>;
  name: AnyPgColumn<{ data: string }>;
  avatarKey: AnyPgColumn<{ data: string }>;
  isGuest: AnyPgColumn<{ data: boolean; notNull: true }>;
}

export function personColumns<T extends PersonTable>(table: T) {
  return { id: table.id, name: table.name, avatarKey: table.avatarKey, isGuest: table.isGuest };
}

export function presentPerson(user: PersonFields, config: UrlConfig): PersonRef {
  return {
    id: user.id,
    name: user.name,
    avatar_url: user.avatarKey ? `${config.publicApiUrl}${avatarPath(user.avatarKey)}` : null,
    is_guest: user.isGuest,
  };
}

/** A left join that found no user (a deleted account) presents as null: "Deleted user". */
export function presentPersonOrNull(user: PersonFields | null, config: UrlConfig) {
  return user ? presentPerson(user, config) : null;
}

export function presentGroupSummary(
  group: GroupRow,
  myRole: GroupRole,
  memberCount: number,
): GroupSummary {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    currency: group.currency,
    my_role: myRole,
    member_count: memberCount,
    created_at: group.createdAt.toISOString(),
    version: group.version,
  };
}

export function presentMember(
  user: PersonFields & Pick<UserRow, 'email'>,
  role: GroupRole,
  joinedAt: Date,
  config: UrlConfig,
): GroupMember {
  return {
    ...presentPerson(user, config),
    email: user.email,
    role,
    joined_at: joinedAt.toISOString(),
  };
}

export function presentInviteCode(
  code: GroupInviteCodeRow,
  creator: PersonFields | null,
  config: UrlConfig,
): InviteCode {
  return {
    code: code.code,
    expires_at: code.expiresAt.toISOString(),
    created_at: code.createdAt.toISOString(),
    created_by: presentPersonOrNull(creator, config),
  };
}

export function presentActivity(
  entry: GroupActivityRow,
  actor: PersonFields | null,
  subject: PersonFields | null,
  config: UrlConfig,
): ActivityEntry {
  return {
    id: entry.id,
    verb: entry.verb as ActivityVerb,
    actor: presentPersonOrNull(actor, config),
    subject: presentPersonOrNull(subject, config),
    details: entry.details,
    created_at: entry.createdAt.toISOString(),
  };
}
