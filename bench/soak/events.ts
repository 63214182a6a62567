/**
 * The realtime side of the soak: which acknowledged writes' events reached which clients, how
 * fast, and how the clients that lost their connection came back.
 */
import type { RealtimeClient } from '../lib/realtime-client';
import { summarize } from '../lib/stats';
import type { Household } from './households';
import { countInto, type AcknowledgedWrite } from './workload';

/**
 * An event of a write answered this long before a client's connection closed may be lost with the
 * connection (it was sent, but not yet read, when the process died): it counts as missed while away.
 */
const CLOSE_MARGIN_MS = 1000;

/**
 * Each acknowledged write against each client of its household: when its event arrived, or that it
 * never did, and whether the client was away meanwhile. The event is the first of its key that
 * arrived within the write's window (`eventUntil`: for a toggle, until its item's next toggle was
 * sent, so an event missed is not taken for the next one's).
 */
export function deliveries(households: Household[], acknowledged: AcknowledgedWrite[]) {
  const all: number[] = [];
  const same: number[] = [];
  const cross: number[] = [];
  let missedWhileConnected = 0;
  const missedWhileAway = new Map<RealtimeClient, number>();
  for (const write of acknowledged) {
    if (!write.expectsEvent) continue;
    for (const client of households[write.household]!.clients) {
      const arrival = client.arrivals
        .get(write.key)
        ?.find((entry) => entry.at >= write.sentAt && entry.at < write.eventUntil);
      if (arrival) {
        const ms = arrival.at - write.acknowledgedAt;
        all.push(ms);
        (arrival.upstream === write.upstream ? same : cross).push(ms);
      } else if (wasAway(client, write)) {
        missedWhileAway.set(client, (missedWhileAway.get(client) ?? 0) + 1);
      } else missedWhileConnected += 1;
    }
  }
  const away = [...missedWhileAway.values()].reduce((sum, n) => sum + n, 0);
  return {
    report: {
      expected: all.length + away + missedWhileConnected,
      delivered: all.length,
      deliveryMs: {
        all: summarize(all),
        sameProcess: summarize(same),
        crossProcess: summarize(cross),
      },
      missedWhileAway: away,
      missedWhileConnected,
    },
    missedWhileAway,
  };
}

/**
 * Whether the client was away at some moment between the write's request and its answer (when the
 * event was published), or its connection closed soon after (the event may have died with it).
 */
function wasAway(client: RealtimeClient, write: AcknowledgedWrite): boolean {
  return client.outages.some(
    (outage) =>
      write.acknowledgedAt >= outage.closedAt - CLOSE_MARGIN_MS &&
      write.sentAt <= (outage.readyAt ?? Infinity),
  );
}

export function reconnections(
  households: Household[],
  missedWhileAway: Map<RealtimeClient, number>,
) {
  const clients = households.flatMap((household) => household.clients);
  const outages = clients.flatMap((client) => client.outages);
  const reconnected = outages.filter((outage) => outage.readyAt !== null);
  const reconnectedTo: Record<string, number> = {};
  for (const outage of outages) {
    countInto(reconnectedTo, outage.to === null ? 'never' : `process ${outage.to + 1}`);
  }
  const missed = [...missedWhileAway.values()];
  return {
    clientsDisconnected: clients.filter((client) => client.outages.length > 0).length,
    clientsReconnected: clients.filter(
      (client) => client.outages.length > 0 && client.outages.every((o) => o.readyAt !== null),
    ).length,
    reconnectMs: summarize(reconnected.map((outage) => outage.readyAt! - outage.closedAt)),
    connectMs: summarize(reconnected.map((outage) => outage.connectMs!)),
    reconnectedTo,
    attemptsPerReconnect: summarize(outages.map((outage) => outage.attempts)),
    eventsMissedBeforeResync: missed.reduce((sum, n) => sum + n, 0),
    maxEventsMissedByOneClient: Math.max(0, ...missed),
  };
}
