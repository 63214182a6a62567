import { describe, expect, it } from 'vitest';
import { earlyReadsFor } from './early-reads';

describe('the first page’s early reads', () => {
  it('a list page and supermarket mode read the current user and the list', () => {
    expect(earlyReadsFor('/lists/12')).toEqual(['/users/me', '/lists/12']);
    expect(earlyReadsFor('/lists/12/shop')).toEqual(['/users/me', '/lists/12']);
  });

  it('other signed-in pages read the current user only', () => {
    expect(earlyReadsFor('/lists')).toEqual(['/users/me']);
    expect(earlyReadsFor('/groups/3/chores')).toEqual(['/users/me']);
    // Not a list id: the 404 page, which reads no list.
    expect(earlyReadsFor('/lists/abc')).toEqual(['/users/me']);
    expect(earlyReadsFor('/lists/0')).toEqual(['/users/me']);
  });

  it('the sign-in pages and the unsubscribe page read nothing', () => {
    expect(earlyReadsFor('/auth/login')).toEqual([]);
    expect(earlyReadsFor('/auth/reset-password')).toEqual([]);
    expect(earlyReadsFor('/unsubscribe')).toEqual([]);
  });
});
