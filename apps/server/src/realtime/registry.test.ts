import type { RealtimeEvent } from '@household/contracts';
import { describe, expect, it } from 'vitest';
import { SubscriberRegistry, type Subscriber } from './registry';

function connection(userId: number) {
  const received: string[] = [];
  return {
    userId,
    received,
    send: (data: string) => void received.push(data),
  } satisfies Subscriber & {
    received: string[];
  };
}

const groupEvent = (groupId: number): RealtimeEvent => ({
  entity: 'list',
  id: 1,
  action: 'updated',
  list_id: 1,
  group_id: groupId,
  user_id: null,
  version: 2,
  actor: null,
});

describe('SubscriberRegistry', () => {
  it('delivers a group event to the connected members of that group only', () => {
    const registry = new SubscriberRegistry();
    const member = connection(1);
    const outsider = connection(2);
    registry.add(member, [10]);
    registry.add(outsider, [20]);
    expect(registry.deliver(groupEvent(10))).toBe(1);
    expect(member.received).toHaveLength(1);
    expect(outsider.received).toHaveLength(0);
  });

  it('forgets the groups of a user whose last connection closed, so a reconnect starts afresh', () => {
    const registry = new SubscriberRegistry();
    const first = connection(1);
    registry.add(first, [10]);
    registry.remove(first);
    // Back with no groups (removed from group 10 meanwhile, the event missed while away).
    const again = connection(1);
    registry.add(again, []);
    expect(registry.deliver(groupEvent(10))).toBe(0);
    expect(again.received).toHaveLength(0);
  });
});
