import type { ChannelStates, Delivery, NotificationChannel } from '@household/contracts';
import type { KeyObject } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import { createScheduler, type ScheduledJob, type Scheduler } from '../../lib/scheduler';
import type { EventBus } from '../../realtime/event-bus';
import { channelStates, retryDue, sendTest } from './channels';
import { announce, deliverDue, type DeliveryDeps } from './delivery';
import { recentlyRecorded } from './record';
import { notificationJobs } from './scheduled';
import { loadVapidKeys, vapidSubject } from './vapid';

/** The notification machinery of one app instance (docs/notifications.md). */
export interface Notifications {
  /** The VAPID public key browsers subscribe with (base64url). */
  publicKey: string;
  /** Runs every scheduled job as at `now` (default: the clock), then delivers what is due. */
  tick(now?: Date): Promise<void>;
  /** Announces and delivers what is due as at `now`, as after a change commits. */
  deliver(now?: Date): Promise<void>;
  /** After a change committed: announce its notifications, start their delivery. */
  flush(): Promise<void>;
  /** Resolves when the deliveries started after changes have finished. */
  idle(): Promise<void>;
  /** "Send a test" on a channel now, answered with its delivery record. */
  sendTest(userId: number, channel: NotificationChannel): Promise<Delivery>;
  /** Per channel: set up or not, and the last delivery. */
  channels(userId: number): Promise<ChannelStates>;
  /** The event bus that services publish to: after each publish, new notifications go out. */
  events: EventBus;
  start(): void;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifications: Notifications;
  }
}

export function createNotifications(options: {
  db: Db;
  config: Config;
  mailer: Mailer;
  jwtKey: KeyObject;
  events: EventBus;
  clock?: () => Date;
  /** Other jobs that must run once across processes (pruning). */
  jobs?: ScheduledJob[];
  log: DeliveryDeps['log'];
}): Notifications {
  const clock = options.clock ?? (() => new Date());
  const keys = loadVapidKeys(
    {
      publicKey: options.config.push.vapidPublicKey,
      privateKey: options.config.push.vapidPrivateKey,
    },
    options.config.dataDir,
  );
  const deps: DeliveryDeps = {
    db: options.db,
    config: options.config,
    mailer: options.mailer,
    events: options.events,
    jwtKey: options.jwtKey,
    vapid: { ...keys, subject: vapidSubject(options.config.publicAppUrl, options.config.mailFrom) },
    log: options.log,
  };
  const inFlight = new Set<Promise<void>>();

  async function deliver(now = clock()): Promise<void> {
    await announce(deps);
    // A full batch means there may be more.
    while ((await deliverDue(deps, now)) >= 200) {
      /* next batch */
    }
    // Failed mails, pushes and webhook posts whose next attempt has come.
    while ((await retryDue(deps, now)) >= 100) {
      /* next batch */
    }
  }

  function track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) =>
      options.log.warn({ err: error }, 'notification delivery failed'),
    );
    inFlight.add(tracked);
    void tracked.finally(() => inFlight.delete(tracked));
  }

  const scheduler: Scheduler = createScheduler({
    db: options.db,
    clock,
    jobs: [...notificationJobs(deps, options.log), ...(options.jobs ?? [])],
    onError: (job, error) => options.log.warn({ err: error, job }, 'scheduled job failed'),
    afterTick: (now) => deliver(now),
  });

  async function flush(): Promise<void> {
    const work = recentlyRecorded();
    // The bell updates with the change; pushes and mails follow without holding the answer up.
    if (work.announce) {
      try {
        await announce(deps);
      } catch (error) {
        options.log.warn({ err: error }, 'announcing notifications failed');
      }
    }
    if (work.deliver) track(deliverDue(deps, clock()).then(() => undefined));
  }

  const events: EventBus = {
    async publish(event) {
      await options.events.publish(event);
      await flush();
    },
    subscribe: (listener) => options.events.subscribe(listener),
    onGap: (listener) => options.events.onGap(listener),
    close: () => options.events.close(),
  };

  return {
    publicKey: keys.publicKey,
    tick: (now) => scheduler.tick(now),
    deliver,
    flush,
    async sendTest(userId, channel) {
      const delivery = await sendTest(deps, userId, channel, clock());
      // The in-app test rings the bell in the person's open tabs.
      if (channel === 'in_app') await announce(deps);
      return delivery;
    },
    channels: (userId) => channelStates(deps, userId),
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    events,
    start: () => scheduler.start(),
    async close() {
      await scheduler.stop();
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
