import type {
  ActivityEntry,
  ActivityVerb,
  GroupMember,
  GroupRole,
  GroupSummary,
  GroupUnit,
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

export interface MemberFields {
  role: GroupRole;
  joinedAt: Date;
  shareWeight: number;
  unitId: number | null;
}

export function presentMember(
  user: PersonFields & Pick<UserRow, 'email'>,
  member: MemberFields,
  config: UrlConfig,
): GroupMember {
  return {
    ...presentPerson(user, config),
    email: user.email,
    role: member.role,
    joined_at: member.joinedAt.toISOString(),
    share_weight: member.shareWeight,
    unit_id: member.unitId,
  };
}

/** A unit with its members, as people. */
export function presentUnit(
  unit: { id: number; name: string },
  members: readonly PersonFields[],
  config: UrlConfig,
): GroupUnit {
  return {
    id: unit.id,
    name: unit.name,
    members: members.map((member) => presentPerson(member, config)),
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
