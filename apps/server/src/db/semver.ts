/**
 * Semantic versions (semver.org 2.0) compared by precedence, for the app version a database
 * records: "0.10.0" is newer than "0.9.0", and "0.2.0-rc.1" older than "0.2.0". Build metadata
 * ("+abc") does not count.
 */

interface Version {
  core: [number, number, number];
  /** Pre-release identifiers; empty for a release. */
  pre: string[];
}

const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]+)?$/;

function parseVersion(text: string): Version {
  const match = SEMVER.exec(text.trim());
  if (!match) throw new Error(`"${text}" is not a semantic version such as 1.2.3`);
  return {
    core: [Number(match[1]), Number(match[2]), Number(match[3])],
    pre: match[4] ? match[4].split('.') : [],
  };
}

const isNumeric = (identifier: string) => /^\d+$/.test(identifier);

function comparePreRelease(a: string[], b: string[]): number {
  // A release ranks above any of its pre-releases.
  if (a.length === 0 || b.length === 0) return b.length - a.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const [x, y] = [a[i]!, b[i]!];
    if (x === y) continue;
    if (isNumeric(x) && isNumeric(y)) return Number(x) - Number(y);
    // Numeric identifiers rank below alphanumeric ones; those compare as ASCII.
    if (isNumeric(x) !== isNumeric(y)) return isNumeric(x) ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/** Negative when `a` is older than `b`, zero when of equal precedence, positive when newer. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  for (let i = 0; i < 3; i++) {
    if (x.core[i] !== y.core[i]) return x.core[i]! - y.core[i]!;
  }
  return comparePreRelease(x.pre, y.pre);
}
