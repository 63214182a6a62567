/** A small seeded generator: a photo set is the same bytes on every run and every machine. */
export function seeded(seed: string): () => number {
  let state = 2166136261;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 16777619);
  state = state >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

export type Random = ReturnType<typeof seeded>;

export const between = (random: Random, min: number, max: number) => min + (max - min) * random();

export const integerBetween = (random: Random, min: number, max: number) =>
  Math.floor(between(random, min, max + 1));

export const signed = (random: Random) => (random() < 0.5 ? -1 : 1);

/** `count` distinct entries of `from`, in a seeded order. */
export function pick<T>(random: Random, from: readonly T[], count: number): T[] {
  const rest = [...from];
  const chosen: T[] = [];
  while (chosen.length < count && rest.length > 0) {
    chosen.push(rest.splice(Math.floor(random() * rest.length), 1)[0]!);
  }
  return chosen;
}
