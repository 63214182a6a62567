import type { Item } from '@household/contracts';
import type { TranslationKey } from '../../../lib/i18n';

/** How a change ended for the one who made it: sent (with the server's item), or queued. */
export type ChangeOutcome = { status: 'sent'; item: Item | null } | { status: 'queued' };

/**
 * What the person must be told of a change the server refused: someone else's version of the
 * item stands (a conflict), or the change was put back (its failure text).
 */
export type OutboxProblem =
  { kind: 'conflict'; itemName: string } | { kind: 'refused'; messageKey: TranslationKey };

interface Waiter {
  resolve: (outcome: ChangeOutcome) => void;
  reject: (error: unknown) => void;
}

/** The promises of the changes not answered yet, by their key. */
export class OutcomeWaiters {
  private readonly waiters = new Map<string, Waiter>();

  wait(key: string): Promise<ChangeOutcome> {
    return new Promise<ChangeOutcome>((resolve, reject) => {
      this.waiters.set(key, { resolve, reject });
    });
  }

  settle(key: string, outcome: ChangeOutcome | { error: unknown }) {
    const waiter = this.waiters.get(key);
    this.waiters.delete(key);
    if ('error' in outcome) waiter?.reject(outcome.error);
    else waiter?.resolve(outcome);
  }

  /** Without a connection, every change still waiting is queued: its caller moves on. */
  settleAllQueued() {
    for (const waiter of this.waiters.values()) waiter.resolve({ status: 'queued' });
    this.waiters.clear();
  }
}

/**
 * Problems go to whoever tells the person (the lists feature's toasts); those from before it was
 * given are held, so that none goes untold.
 */
export class ProblemReports {
  private reporter: ((problem: OutboxProblem) => void) | null = null;
  private held: OutboxProblem[] = [];

  reportTo(reporter: (problem: OutboxProblem) => void) {
    this.reporter = reporter;
    const held = this.held;
    this.held = [];
    for (const problem of held) reporter(problem);
  }

  report(problem: OutboxProblem) {
    if (this.reporter) this.reporter(problem);
    else this.held.push(problem);
  }
}
