import type { PersonRef, User } from '@household/contracts';
import type { Locale } from '@household/contracts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Config } from '../../config';
import type { UserRow } from '../../db/schema';

type UrlConfig = Pick<Config, 'publicApiUrl'>;

export function avatarPath(key: string): string {
  return `/api/v1/avatars/${key}.webp`;
}

export function presentUser(row: UserRow, config: UrlConfig): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    is_guest: row.isGuest,
    is_verified: row.isVerified,
    avatar_url: row.avatarKey ? `${config.publicApiUrl}${avatarPath(row.avatarKey)}` : null,
    locale: row.locale as Locale,
    timezone: row.timezone,
    created_at: row.createdAt.toISOString(),
  };
}

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
