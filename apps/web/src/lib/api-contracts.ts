import type * as contracts from '@household/contracts';
import type { ZodType } from 'zod';

type Contracts = typeof contracts;

/**
 * A contract, or a pick from the contracts module loaded when the answer arrives. The pages of the
 * first visit (login, the session check) use picks, so that zod and the schemas stay out of the
 * code they must download before they can draw (issue 9's budget); pages that already import
 * schemas pass them directly.
 */
export type SchemaSource<T> = ZodType<T> | ((contracts: Contracts) => ZodType<T>);

export const loadContracts = (): Promise<Contracts> => import('@household/contracts');

export async function parseWith<T>(source: SchemaSource<T>, body: unknown): Promise<T> {
  const schema = typeof source === 'function' ? source(await loadContracts()) : source;
  return schema.parse(body);
}
