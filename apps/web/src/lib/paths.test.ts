import { describe, expect, it } from 'vitest';
import {
  isPublicPath,
  isSignedOutOnlyPath,
  loginPath,
  redirectTarget,
  safeRedirect,
} from './paths';

describe('paths', () => {
  it('treats every /auth path as public and nothing else', () => {
    expect(isPublicPath('/auth/login')).toBe(true);
    expect(isPublicPath('/auth/verify')).toBe(true);
    expect(isPublicPath('/auth/unlock')).toBe(true);
    expect(isPublicPath('/authors')).toBe(false);
    expect(isPublicPath('/lists')).toBe(false);
  });

  it('sends signed-in users away from login and sign-up only', () => {
    expect(isSignedOutOnlyPath('/auth/login')).toBe(true);
    expect(isSignedOutOnlyPath('/auth/signup/')).toBe(true);
    expect(isSignedOutOnlyPath('/auth/callback')).toBe(false);
    expect(isSignedOutOnlyPath('/auth/reset-password')).toBe(false);
  });

  it('puts the full original path in the redirect query, / included', () => {
    expect(loginPath('/lists/3?x=1#top')).toBe('/auth/login?redirect=%2Flists%2F3%3Fx%3D1%23top');
    expect(loginPath('/')).toBe('/auth/login?redirect=%2F');
  });

  it('leads to the plain login page when there is nowhere to return to', () => {
    expect(loginPath()).toBe('/auth/login');
    expect(loginPath('')).toBe('/auth/login');
  });

  it.each([
    ['/groups/2?tab=members#invite', '/groups/2?tab=members#invite'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
    ['javascript:alert(1)', null],
    ['lists', null],
    ['/auth/login?redirect=/x', null],
    ['', null],
    [null, null],
  ])('accepts %s as a redirect target: %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it('falls back to / without a usable redirect', () => {
    expect(redirectTarget('?redirect=%2Fchores')).toBe('/chores');
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('')).toBe('/');
  });
});
