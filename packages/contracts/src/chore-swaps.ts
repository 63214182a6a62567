import { z } from './zod';
import { ZId } from './common';
import { ZChoreSwapStatus } from './chores';
import { ZPersonRef } from './groups';
import { zLine } from './text';

/**
 * Swaps of chore turns (issue 27 §3, docs/chores.md "Swaps"): the assignee of an open turn asks
 * another member to take it; that member accepts (the turn becomes theirs, done for the asker) or
 * declines; the asker may cancel while it waits.
 */

export const CHORE_SWAP_NOTE_MAX_LENGTH = 200;

/** POST /chores/assignments/{id}/swaps. */
export const ZCreateChoreSwapBody = z.object({
  to_user_id: ZId,
  note: zLine().trim().max(CHORE_SWAP_NOTE_MAX_LENGTH).default(''),
});
export type CreateChoreSwapBody = z.input<typeof ZCreateChoreSwapBody>;

/** POST /chore-swaps/{id}/accept, /decline and /cancel: the version the answer was based on. */
export const ZChoreSwapAnswerBody = z.object({ version: z.number().int().min(1) });
export type ChoreSwapAnswerBody = z.input<typeof ZChoreSwapAnswerBody>;

export const ZChoreSwap = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  chore_id: z.number().int(),
  chore_name: z.string(),
  assignment_id: z.number().int(),
  /** The turn's date. */
  due_date: z.string(),
  requested_by: ZPersonRef,
  requested_of: ZPersonRef,
  status: ZChoreSwapStatus,
  note: z.string(),
  answered_at: z.string().nullable(),
  created_at: z.string(),
  version: z.number().int(),
});
export type ChoreSwap = z.infer<typeof ZChoreSwap>;

export const ZChoreSwapList = z.object({ items: z.array(ZChoreSwap) });
export type ChoreSwapList = z.infer<typeof ZChoreSwapList>;

/** GET /groups/{id}/chore-swaps: newest first; `status` narrows it (e.g. the pending ones). */
export const ZChoreSwapsQuery = z.object({ status: ZChoreSwapStatus.optional() });
export type ChoreSwapsQuery = z.input<typeof ZChoreSwapsQuery>;
