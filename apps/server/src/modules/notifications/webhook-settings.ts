import type { Webhook, WebhookFormat, ZWebhookBody } from '@household/contracts';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { notificationWebhooks, type NotificationWebhookRow } from '../../db/schema';
import { notFound } from '../../http/problem';

function presentWebhook(row: NotificationWebhookRow, secret: string | null = null): Webhook {
  return {
    url: row.url,
    format: row.format as WebhookFormat,
    enabled: row.enabled,
    secret_hint: `••••${row.secret.slice(-4)}`,
    secret,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function readWebhook(db: DbOrTx, userId: number): Promise<Webhook> {
  const [row] = await db
    .select()
    .from(notificationWebhooks)
    .where(eq(notificationWebhooks.userId, userId));
  if (!row) throw notFound('No webhook is set up');
  return presentWebhook(row);
}

/**
 * Saves the person's webhook. The first save without a secret generates one and answers it once;
 * a later save without one keeps the stored secret.
 */
export async function saveWebhook(
  db: DbOrTx,
  userId: number,
  body: z.output<typeof ZWebhookBody>,
): Promise<{ webhook: Webhook; created: boolean }> {
  const generated = randomBytes(24).toString('base64url');
  const [row] = await db
    .insert(notificationWebhooks)
    .values({
      userId,
      url: body.url,
      format: body.format,
      enabled: body.enabled,
      secret: body.secret ?? generated,
    })
    .onConflictDoUpdate({
      target: notificationWebhooks.userId,
      set: {
        url: body.url,
        format: body.format,
        enabled: body.enabled,
        ...(body.secret !== undefined ? { secret: body.secret } : {}),
        updatedAt: sql`now()`,
      },
    })
    .returning({ ...getTableColumns(notificationWebhooks), inserted: sql<boolean>`(xmax = 0)` });
  const { inserted, ...saved } = row!;
  const shown = inserted && body.secret === undefined ? saved.secret : null;
  return { webhook: presentWebhook(saved, shown), created: inserted };
}

export async function deleteWebhook(db: DbOrTx, userId: number): Promise<void> {
  const [row] = await db
    .delete(notificationWebhooks)
    .where(eq(notificationWebhooks.userId, userId))
    .returning({ userId: notificationWebhooks.userId });
  if (!row) throw notFound('No webhook is set up');
}
