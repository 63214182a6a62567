/**
 * A PostgreSQL array literal (`{1,NULL,3}`) of numbers, booleans or ISO dates, sent as ONE
 * parameter and cast in SQL (`${arrayLiteral(ids)}::int[]`): a statement's text then stays the
 * same whatever the number of values, where a list of parameters makes each length a new
 * statement to parse and plan. Only for values that need no quoting (no text).
 */
export function arrayLiteral(values: readonly (number | boolean | string | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : String(value))).join(',')}}`;
}
