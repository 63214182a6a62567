import { z } from './zod';
import { ZEmail, ZId } from './common';
import { ZPersonRef } from './groups';
import { ZIdParam } from './text';

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'revoked'] as const;
export const ZInvitationStatus = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof ZInvitationStatus>;

/** A personal invitation of one registered user into one group (spec §7 Invites). */
export const ZInvitation = z.object({
  id: z.number().int(),
  group: z.object({ id: z.number().int(), name: z.string() }),
  inviter: ZPersonRef.nullable(),
  invitee: ZPersonRef.extend({ email: z.string().nullable() }),
  status: ZInvitationStatus,
  created_at: z.string(),
  responded_at: z.string().nullable(),
});
export type Invitation = z.infer<typeof ZInvitation>;

export const ZCreateInvitationBody = z.object({
  group_id: ZId,
  email: ZEmail,
});
export type CreateInvitationBody = z.infer<typeof ZCreateInvitationBody>;

export const ZInvitationsQuery = z.object({ group_id: ZIdParam });
