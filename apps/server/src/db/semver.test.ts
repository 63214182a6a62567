import { describe, expect, it } from 'vitest';
import { compareVersions } from './semver';

describe('versions compare as semantic versions', () => {
  it.each([
    ['0.9.0', '0.10.0'],
    ['0.2.0', '0.2.1'],
    ['1.9.9', '2.0.0'],
    ['0.2.0-rc.1', '0.2.0'],
    ['0.2.0-alpha', '0.2.0-alpha.1'],
    ['0.2.0-alpha.1', '0.2.0-alpha.beta'],
    ['0.2.0-beta.2', '0.2.0-beta.11'],
    ['0.2.0-beta.11', '0.2.0-rc.1'],
  ])('%s is older than %s', (older, newer) => {
    expect(compareVersions(older, newer)).toBeLessThan(0);
    expect(compareVersions(newer, older)).toBeGreaterThan(0);
  });

  it('ignores build metadata', () => {
    expect(compareVersions('0.2.0+abc', '0.2.0')).toBe(0);
  });

  it('refuses what is not a version, rather than guessing', () => {
    expect(() => compareVersions('v0.2', '0.2.0')).toThrow(/"v0.2" is not a semantic version/);
  });
});
