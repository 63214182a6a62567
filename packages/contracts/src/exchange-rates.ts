import { z } from './zod';
import { ZCurrency } from './common';
import { ZCalendarDate, ZExchangeRateValue } from './expenses';
import { ZPersonRef } from './groups';

/**
 * A group's exchange rates (docs/expenses.md "Currencies"): the household's own, never fetched
 * from outside. A rate is how many units of the group's home currency one unit of another is
 * worth, as a decimal string so that it stays exact ("0.0062", "162.35").
 */

export const ZCreateExchangeRateBody = z.object({
  currency: ZCurrency,
  rate: ZExchangeRateValue,
  /** From when the rate holds; absent: today. */
  date: ZCalendarDate.optional(),
});
export type CreateExchangeRateBody = z.input<typeof ZCreateExchangeRateBody>;

export const ZExchangeRate = z.object({
  id: z.number().int(),
  currency: z.string(),
  rate: z.string(),
  date: z.string(),
  created_by: ZPersonRef.nullable(),
  created_at: z.string(),
});
export type ExchangeRate = z.infer<typeof ZExchangeRate>;

/** GET /groups/{id}/exchange-rates: the latest rate of each currency, and the recent ones. */
export const ZGroupExchangeRates = z.object({
  group_id: z.number().int(),
  /** The home currency every rate converts into. */
  currency: z.string(),
  /** One per currency, the latest (by date, then by when it was set); by currency code. */
  latest: z.array(ZExchangeRate),
  /** The most recent rates set, newest first (at most `EXCHANGE_RATE_HISTORY_MAX`). */
  history: z.array(ZExchangeRate),
});
export type GroupExchangeRates = z.infer<typeof ZGroupExchangeRates>;
