import type { KeyObject } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import type { EventBus } from '../../realtime/event-bus';
import type { VapidKeys } from './vapid';

export interface DeliveryDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** The bus without the notification hook, so that announcing does not announce again. */
  events: EventBus;
  jwtKey: KeyObject;
  vapid: VapidKeys & { subject: string };
  log: { warn(object: object, message: string): void };
}
