/**
 * Swaps of chore turns (docs/chores.md "Swaps"): who may ask and answer, and whose turn it is
 * after an accepted swap. No I/O: the server reads the rows and applies the outcome.
 */

/** A turn (an assignment) as a swap sees it. */
export interface SwapTurn {
  /** Who has the turn now. */
  userId: number;
  /** Whose turn it was before an earlier accepted swap; null when it is the holder's own. */
  forUserId: number | null;
  completed: boolean;
}

export interface SwapRequest {
  status: 'pending' | 'accepted' | 'declined' | 'cancelled';
  requestedBy: number;
  requestedOf: number;
}

export type SwapAnswer = 'accept' | 'decline' | 'cancel';

/** Why a request to take a turn is refused; null when it may be asked. */
export type SwapAskProblem = 'not_your_turn' | 'turn_done' | 'same_person' | 'not_a_member';

/** Why an answer is refused; null when it may be given. */
export type SwapAnswerProblem = 'forbidden' | 'not_pending' | 'outdated';

/** Only the holder of an open turn asks, and only another member of the group. */
export function swapAskProblem(
  turn: SwapTurn,
  askerId: number,
  toUserId: number,
  toIsMember: boolean,
): SwapAskProblem | null {
  if (turn.userId !== askerId) return 'not_your_turn';
  if (turn.completed) return 'turn_done';
  if (toUserId === askerId) return 'same_person';
  if (!toIsMember) return 'not_a_member';
  return null;
}

/** Who may give an answer: the one asked accepts or declines, the asker cancels. */
export const answererOf = (swap: SwapRequest, answer: SwapAnswer): number =>
  answer === 'cancel' ? swap.requestedBy : swap.requestedOf;

/**
 * Whether `actorId` may give `answer` now. A turn that was done or handed to someone else since
 * the request was asked makes an accept outdated; a decline or cancel still closes the request.
 */
export function swapAnswerProblem(
  swap: SwapRequest,
  turn: SwapTurn,
  actorId: number,
  answer: SwapAnswer,
): SwapAnswerProblem | null {
  if (answererOf(swap, answer) !== actorId) return 'forbidden';
  if (swap.status !== 'pending') return 'not_pending';
  if (answer === 'accept' && (turn.completed || turn.userId !== swap.requestedBy)) {
    return 'outdated';
  }
  return null;
}

/**
 * The turn after an accepted swap: the accepter holds it, done for whose turn it first was (a
 * swapped turn swapped on still counts as the first person's; one handed back is theirs again).
 */
export function acceptedTurn(
  turn: Pick<SwapTurn, 'userId' | 'forUserId'>,
  swap: Pick<SwapRequest, 'requestedOf'>,
): { userId: number; forUserId: number | null } {
  const original = turn.forUserId ?? turn.userId;
  return { userId: swap.requestedOf, forUserId: original === swap.requestedOf ? null : original };
}
