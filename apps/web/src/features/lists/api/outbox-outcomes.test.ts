import { describe, expect, it, vi } from 'vitest';
import { OutcomeWaiters, ProblemReports, type OutboxProblem } from './outbox-outcomes';

const conflict: OutboxProblem = { kind: 'conflict', itemName: 'Milk' };
const refused: OutboxProblem = { kind: 'refused', messageKey: 'lists.item.addFailed' };

describe('the outbox tells of what it could not send', () => {
  it('a problem from before anyone listens is told as soon as someone does, in order', () => {
    const problems = new ProblemReports();
    problems.report(conflict);
    problems.report(refused);
    const reporter = vi.fn();
    problems.reportTo(reporter);
    expect(reporter.mock.calls).toEqual([[conflict], [refused]]);
  });

  it('a problem is told once, to the reporter given last', () => {
    const problems = new ProblemReports();
    const first = vi.fn();
    const second = vi.fn();
    problems.reportTo(first);
    problems.reportTo(second);
    problems.report(refused);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledExactlyOnceWith(refused);
  });

  it('a change waiting for the connection is settled as queued; a refused one rejects', async () => {
    const waiters = new OutcomeWaiters();
    const queued = waiters.wait('a');
    const rejected = waiters.wait('b');
    const error = new Error('refused');
    waiters.settle('b', { error });
    waiters.settleAllQueued();
    await expect(queued).resolves.toEqual({ status: 'queued' });
    await expect(rejected).rejects.toBe(error);
  });
});
