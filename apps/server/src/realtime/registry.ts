import type { RealtimeEvent, ServerMessage } from '@household/contracts';

/** One authenticated WebSocket connection, as far as delivery is concerned. */
export interface Subscriber {
  readonly userId: number;
  send(data: string): void;
}

/**
 * Who is connected to this process and which groups each of them belongs to, indexed both ways, so
 * that delivering an event costs a few map look-ups and one JSON.stringify, never a query.
 * Memberships are kept per user: all of a user's connections see the same groups.
 */
export class SubscriberRegistry<S extends Subscriber> {
  private readonly connectionsOf = new Map<number, Set<S>>();
  private readonly groupsOf = new Map<number, Set<number>>();
  private readonly membersOf = new Map<number, Set<number>>();

  get connectionCount(): number {
    let count = 0;
    for (const connections of this.connectionsOf.values()) count += connections.size;
    return count;
  }

  /** The users with at least one connection. */
  users(): number[] {
    return [...this.connectionsOf.keys()];
  }

  connections(userId: number): ReadonlySet<S> {
    return this.connectionsOf.get(userId) ?? new Set();
  }

  /** Adds an authenticated connection with its user's groups (as just read from the database). */
  add(subscriber: S, groupIds: Iterable<number>): void {
    let connections = this.connectionsOf.get(subscriber.userId);
    if (!connections) {
      connections = new Set();
      this.connectionsOf.set(subscriber.userId, connections);
    }
    connections.add(subscriber);
    this.setGroups(subscriber.userId, groupIds);
  }

  remove(subscriber: S): void {
    const connections = this.connectionsOf.get(subscriber.userId);
    if (!connections?.delete(subscriber) || connections.size > 0) return;
    // Leave every group while the user is still known here: a member entry left behind would
    // deliver that group's events to the user's next connection, member or not.
    this.setGroups(subscriber.userId, []);
    this.connectionsOf.delete(subscriber.userId);
    this.groupsOf.delete(subscriber.userId);
  }

  /** Replaces a connected user's groups; ignored for a user without connections. */
  setGroups(userId: number, groupIds: Iterable<number>): void {
    if (!this.connectionsOf.has(userId)) return;
    const next = new Set(groupIds);
    const previous = this.groupsOf.get(userId) ?? new Set<number>();
    for (const groupId of previous) if (!next.has(groupId)) this.leave(userId, groupId);
    for (const groupId of next) if (!previous.has(groupId)) this.join(userId, groupId);
  }

  groups(userId: number): ReadonlySet<number> {
    return this.groupsOf.get(userId) ?? new Set();
  }

  /**
   * Sends the event to everyone allowed to see it and answers how many connections got it:
   * a group's event to its members, a personal one to its user, a membership change to the
   * member and the group. Membership changes apply before (joined) or after (left, group deleted)
   * the delivery, so a member who joins gets the news and one who leaves gets nothing after it.
   */
  deliver(event: RealtimeEvent): number {
    const isMembership = event.entity === 'membership' && event.group_id !== null;
    if (isMembership && event.user_id !== null && event.action !== 'deleted') {
      this.join(event.user_id, event.group_id!);
    }
    const data = JSON.stringify({ type: 'event', event } satisfies ServerMessage);
    let sent = 0;
    for (const subscriber of this.recipients(event)) {
      subscriber.send(data);
      sent += 1;
    }
    if (isMembership && event.user_id !== null && event.action === 'deleted') {
      this.leave(event.user_id, event.group_id!);
    }
    if (event.entity === 'group' && event.action === 'deleted' && event.group_id !== null) {
      for (const userId of [...(this.membersOf.get(event.group_id) ?? [])]) {
        this.leave(userId, event.group_id);
      }
    }
    return sent;
  }

  private recipients(event: RealtimeEvent): Set<S> {
    const recipients = new Set<S>();
    if (event.group_id !== null) {
      for (const userId of this.membersOf.get(event.group_id) ?? []) {
        for (const connection of this.connections(userId)) recipients.add(connection);
      }
    }
    if (event.user_id !== null) {
      for (const connection of this.connections(event.user_id)) recipients.add(connection);
    }
    return recipients;
  }

  private join(userId: number, groupId: number): void {
    if (!this.connectionsOf.has(userId)) return;
    let groups = this.groupsOf.get(userId);
    if (!groups) {
      groups = new Set();
      this.groupsOf.set(userId, groups);
    }
    groups.add(groupId);
    let members = this.membersOf.get(groupId);
    if (!members) {
      members = new Set();
      this.membersOf.set(groupId, members);
    }
    members.add(userId);
  }

  private leave(userId: number, groupId: number): void {
    this.groupsOf.get(userId)?.delete(groupId);
    const members = this.membersOf.get(groupId);
    if (!members) return;
    members.delete(userId);
    if (members.size === 0) this.membersOf.delete(groupId);
  }
}
