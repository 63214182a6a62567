import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { deliveryText } from './components/ChannelsCard';

const t = i18next.t.bind(i18next);
const base = {
  id: 1,
  channel: 'webhook' as const,
  is_test: true,
  attempts: 1,
  last_attempt_at: new Date(Date.now() - 2 * 60_000).toISOString(),
  next_attempt_at: null,
  error: null,
};

describe('the channels card says how the last delivery went', () => {
  it('says "Not set up" for a channel without set-up and nothing sent', () => {
    expect(deliveryText(t, 'en', false, null)).toBe('Not set up');
  });

  it('says when the last delivery was sent', () => {
    expect(deliveryText(t, 'en', true, { ...base, status: 'sent' })).toBe('Sent 2 minutes ago');
  });

  it('shows the error and the next attempt of a retrying delivery', () => {
    const text = deliveryText(t, 'en', true, {
      ...base,
      status: 'retrying',
      error: 'connection refused',
      next_attempt_at: '2026-11-27T14:05:00Z',
    });
    expect(text).toMatch(/^Failed: connection refused — retrying at \d\d:\d\d/);
  });
});
