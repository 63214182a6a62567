import { z } from './zod';
import { ZEmail, ZId } from './common';
import { ZPersonRef } from './groups';
import { ZIdParam } from './text';

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'revoked'] as const;
export const ZInvitationStatus = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof ZInvitationStatus>;

/**
 * A personal invitation of one address into one group (spec §7 Invites). It names the address,
 * never an account: whether the address has one is for its owner to tell, by accepting.
 */
export const ZInvitation = z.object({
  id: z.number().int(),
  group: z.object({ id: z.number().int(), name: z.string() }),
  inviter: ZPersonRef.nullable(),
  /** The invited address, lower-cased. */
  email: z.string(),
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
