/**
 * `make` run once per distinct arguments; later calls with the same arguments answer what it made.
 * For what never changes once made and costs far more to make than to use: an `Intl` format, or
 * what one says about a locale or a currency. Each distinct set of arguments is kept for good, so
 * only for arguments of few values (locales, currency codes).
 */
export function memoized<Args extends string[], Value>(
  make: (...args: Args) => Value,
): (...args: Args) => Value {
  const made = new Map<string, Value>();
  return (...args) => {
    const key = args.join('\u0000');
    if (!made.has(key)) made.set(key, make(...args));
    return made.get(key)!;
  };
}
