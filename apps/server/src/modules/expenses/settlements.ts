import type {
  Settlement,
  SettlementPage,
  ZCreateSettlementBody,
  ZUpdateSettlementBody,
} from '@household/contracts';
import { checkSettlementChange } from '@household/domain';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { expenseSplits, settlements, type SettlementRow, type UserRow } from '../../db/schema';
import { AppError, validationFailed } from '../../http/problem';
import { findMembership, requireMembership } from '../groups/membership';
import { presentSettlements } from './expenses.presenter';
import {
  assertCanRecordPayment,
  requireVisibleSettlement,
  type VisibleSettlement,
} from './expenses.policy';
import { commitToLedger, lockLedger, paymentChanges, type BalanceChanges } from './ledger';
import { recordSettlementActivity, settlementEvent } from './money-changes';
import { exceedsRemaining } from './settle-split';
import { notifySettlement } from '../notifications/fan-out';

const today = () => new Date().toISOString().slice(0, 10);

export async function listSettlements(
  ctx: AppContext,
  actor: UserRow,
  query: { group_id: number; limit: number; cursor?: number | undefined },
): Promise<SettlementPage> {
  const { group } = await requireMembership(ctx.db, query.group_id, actor.id);
  const rows = await ctx.db
    .select()
    .from(settlements)
    .where(
      and(
        eq(settlements.groupId, query.group_id),
        query.cursor ? lt(settlements.id, query.cursor) : undefined,
      ),
    )
    .orderBy(desc(settlements.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: await presentSettlements(ctx.db, ctx.config, page, group.currency),
    next_cursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
  };
}

export async function getSettlement(
  ctx: AppContext,
  actor: UserRow,
  id: number,
): Promise<Settlement> {
  const { settlement, membership } = await requireVisibleSettlement(ctx.db, id, actor.id);
  const [presented] = await presentSettlements(
    ctx.db,
    ctx.config,
    [settlement],
    membership.group.currency,
  );
  return presented!;
}

async function assertMember(tx: Tx, groupId: number, userId: number, path: string) {
  if (!(await findMembership(tx, groupId, userId))) {
    throw validationFailed([
      { path, code: 'not_a_member', message: 'Both people must be members of the group' },
    ]);
  }
}

/** A payment between two members outside any expense ("Ana paid Ben 20 €"). */
export async function createSettlement(
  ctx: AppContext,
  actor: UserRow,
  body: z.output<typeof ZCreateSettlementBody>,
): Promise<Settlement> {
  const { row, currency } = await ctx.db.transaction(async (tx) => {
    const membership = await requireMembership(tx, body.group_id, actor.id);
    const ledger = await lockLedger(tx, body.group_id);
    const fromId = body.from_id ?? actor.id;
    if (fromId === body.to_id) {
      throw validationFailed([
        {
          path: 'to_id',
          code: 'same_person',
          message: 'A payment goes from one person to another',
        },
      ]);
    }
    await assertMember(tx, body.group_id, fromId, 'from_id');
    await assertMember(tx, body.group_id, body.to_id, 'to_id');
    assertCanRecordPayment({ fromId, toId: body.to_id }, membership, actor.id);
    const [created] = await tx
      .insert(settlements)
      .values({
        groupId: body.group_id,
        fromId,
        toId: body.to_id,
        amountCents: body.amount_cents,
        date: body.date ?? today(),
        note: body.note,
        createdBy: actor.id,
      })
      .returning();
    const changes: BalanceChanges = new Map();
    paymentChanges(changes, created!, 1);
    await commitToLedger(tx, ledger, changes);
    await recordSettlementActivity(tx, {
      settlement: created!,
      currency: membership.group.currency,
      actorId: actor.id,
      verb: 'settlement_recorded',
    });
    await notifySettlement(tx, created!, membership.group.currency, actor.id);
    return { row: created!, currency: membership.group.currency };
  });
  await ctx.events.publish(settlementEvent(row, 'created', actor.id));
  const [presented] = await presentSettlements(ctx.db, ctx.config, [row], currency);
  return presented!;
}

interface LockSettlementOptions {
  actor: UserRow;
  id: number;
  /** The version the change was based on. */
  version: number;
}

/** Ledger first, then the settlement: the order every money change takes its locks in. */
async function lockSettlement(
  ctx: AppContext,
  tx: Tx,
  { actor, id, version }: LockSettlementOptions,
): Promise<VisibleSettlement & { ledger: Awaited<ReturnType<typeof lockLedger>> }> {
  const seen = await requireVisibleSettlement(tx, id, actor.id);
  const ledger = await lockLedger(tx, seen.settlement.groupId);
  const visible = await requireVisibleSettlement(tx, id, actor.id, { lock: true });
  assertCanRecordPayment(visible.settlement, visible.membership, actor.id);
  if (visible.settlement.version !== version) {
    const [current] = await presentSettlements(
      tx,
      ctx.config,
      [visible.settlement],
      visible.membership.group.currency,
    );
    throw new AppError(
      409,
      'conflict',
      'The payment was changed meanwhile; reload it and try again',
      undefined,
      undefined,
      { current },
    );
  }
  return { ...visible, ledger };
}

/**
 * Counts `newCents` of the payment against its split instead of what it counted (0: deleted),
 * refused when the split would be paid more than it is (`checkSettlementChange`).
 */
async function moveSplitSettled(
  tx: Tx,
  settlement: SettlementRow,
  newCents: number,
  currency: string,
) {
  const deltaCents = newCents - settlement.amountCents;
  if (settlement.splitId === null || deltaCents === 0) return;
  const [split] = await tx
    .select()
    .from(expenseSplits)
    .where(eq(expenseSplits.id, settlement.splitId))
    .for('update');
  if (!split) return;
  const refusal = checkSettlementChange(
    { owedCents: split.amountCents, settledCents: split.settledCents },
    settlement.amountCents,
    newCents,
  );
  if (refusal) throw exceedsRemaining(refusal.remainingCents, currency);
  await tx
    .update(expenseSplits)
    .set({ settledCents: sql`${expenseSplits.settledCents} + ${deltaCents}` })
    .where(eq(expenseSplits.id, split.id));
}

export async function updateSettlement(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  body: z.output<typeof ZUpdateSettlementBody>,
): Promise<Settlement> {
  const { row, currency } = await ctx.db.transaction(async (tx) => {
    const { settlement, membership, ledger } = await lockSettlement(ctx, tx, {
      actor,
      id,
      version: body.version,
    });
    const currency = membership.group.currency;
    const amountCents = body.amount_cents ?? settlement.amountCents;
    await moveSplitSettled(tx, settlement, amountCents, currency);
    const [updated] = await tx
      .update(settlements)
      .set({
        amountCents,
        date: body.date ?? settlement.date,
        note: body.note ?? settlement.note,
        version: settlement.version + 1,
        updatedAt: sql`now()`,
      })
      .where(eq(settlements.id, id))
      .returning();
    const changes: BalanceChanges = new Map();
    paymentChanges(changes, settlement, -1);
    paymentChanges(changes, updated!, 1);
    await commitToLedger(tx, ledger, changes);
    await recordSettlementActivity(tx, {
      settlement: updated!,
      currency,
      actorId: actor.id,
      verb: 'settlement_updated',
    });
    return { row: updated!, currency };
  });
  await ctx.events.publish(settlementEvent(row, 'updated', actor.id));
  const [presented] = await presentSettlements(ctx.db, ctx.config, [row], currency);
  return presented!;
}

/** Deleting a payment that settled a split opens that split again by its amount. */
export async function deleteSettlement(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  version: number,
) {
  const deleted = await ctx.db.transaction(async (tx) => {
    const { settlement, membership, ledger } = await lockSettlement(ctx, tx, {
      actor,
      id,
      version,
    });
    await moveSplitSettled(tx, settlement, 0, membership.group.currency);
    await tx.delete(settlements).where(eq(settlements.id, id));
    const changes: BalanceChanges = new Map();
    paymentChanges(changes, settlement, -1);
    await commitToLedger(tx, ledger, changes);
    await recordSettlementActivity(tx, {
      settlement,
      currency: membership.group.currency,
      actorId: actor.id,
      verb: 'settlement_deleted',
    });
    return settlement;
  });
  await ctx.events.publish(settlementEvent(deleted, 'deleted', actor.id));
}
