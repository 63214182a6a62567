import type {
  ActivityEntry,
  ActivityVerb,
  GroupMember,
  GroupRole,
  GroupSummary,
  InviteCode,
} from '@household/contracts';
import type { Config } from '../../config';
import type { GroupActivityRow, GroupInviteCodeRow, GroupRow, UserRow } from '../../db/schema';
import { presentPerson, presentPersonOrNull, type PersonFields } from '../people/people.presenter';

type UrlConfig = Pick<Config, 'publicApiUrl'>;

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
