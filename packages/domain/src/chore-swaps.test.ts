import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptedTurn,
  swapAnswerProblem,
  swapAskProblem,
  type SwapAnswer,
  type SwapRequest,
  type SwapTurn,
} from './chore-swaps';

const arbId = fc.integer({ min: 1, max: 20 });
const arbTurn: fc.Arbitrary<SwapTurn> = fc.record({
  userId: arbId,
  forUserId: fc.option(arbId, { nil: null }),
  completed: fc.boolean(),
});
const arbSwap: fc.Arbitrary<SwapRequest> = fc.record({
  status: fc.constantFrom('pending', 'accepted', 'declined', 'cancelled'),
  requestedBy: arbId,
  requestedOf: arbId,
});
const arbAnswer = fc.constantFrom<SwapAnswer>('accept', 'decline', 'cancel');

describe('chore swaps (docs/chores.md "Swaps")', () => {
  it('only the holder of an open turn may ask, and only another member', () => {
    fc.assert(
      fc.property(arbTurn, arbId, arbId, fc.boolean(), (turn, asker, to, member) => {
        const allowed = swapAskProblem(turn, asker, to, member) === null;
        expect(allowed).toBe(turn.userId === asker && !turn.completed && to !== asker && member);
      }),
    );
  });

  it('after an accepted swap the accepter holds the turn, never done for themselves', () => {
    fc.assert(
      fc.property(arbTurn, arbSwap, (turn, swap) => {
        const after = acceptedTurn(turn, swap);
        expect(after.userId).toBe(swap.requestedOf);
        expect(after.forUserId).not.toBe(after.userId);
      }),
    );
  });

  it('a turn swapped on and on is still done for whose turn it first was', () => {
    fc.assert(
      fc.property(arbId, fc.array(arbId, { minLength: 1, maxLength: 8 }), (first, accepters) => {
        let turn = { userId: first, forUserId: null as number | null };
        for (const requestedOf of accepters) turn = acceptedTurn(turn, { requestedOf });
        const last = accepters.at(-1)!;
        expect(turn.userId).toBe(last);
        expect(turn.forUserId).toBe(last === first ? null : first);
      }),
    );
  });

  it('only the one asked accepts or declines, only the asker cancels, and only while pending', () => {
    fc.assert(
      fc.property(arbSwap, arbTurn, arbId, arbAnswer, (swap, turn, actor, answer) => {
        const problem = swapAnswerProblem(swap, turn, actor, answer);
        const answerer = answer === 'cancel' ? swap.requestedBy : swap.requestedOf;
        if (actor !== answerer) expect(problem).toBe('forbidden');
        else if (swap.status !== 'pending') expect(problem).toBe('not_pending');
        else if (answer !== 'accept') expect(problem).toBeNull();
      }),
    );
  });

  it('an accept is outdated once the turn was done or is no longer the asker’s', () => {
    fc.assert(
      fc.property(arbSwap, arbTurn, (swap, turn) => {
        const pending = { ...swap, status: 'pending' as const };
        const problem = swapAnswerProblem(pending, turn, pending.requestedOf, 'accept');
        const current = !turn.completed && turn.userId === pending.requestedBy;
        expect(problem).toBe(current ? null : 'outdated');
      }),
    );
  });
});
