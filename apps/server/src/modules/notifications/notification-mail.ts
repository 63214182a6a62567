import type { NotificationKind } from '@household/contracts';
import type { KeyObject } from 'node:crypto';
import type { Config } from '../../config';
import type { NotificationRow } from '../../db/schema';
import type { Mail } from '../../lib/mailer';
import type { DeliveryDeps } from './deps';
import { MESSAGES } from './messages';
import type { Recipient } from './recipients';
import { fill, localeOf, renderNotification } from './render';
import { unsubscribeToken } from './unsubscribe';

/** `List-Unsubscribe` headers (RFC 2369, RFC 8058 one-click) and the link for the mail's footer. */
export function unsubscribeParts(config: Config, key: KeyObject, userId: number) {
  const token = encodeURIComponent(unsubscribeToken(key, userId));
  const origin = config.publicAppUrl;
  const api = config.publicApiUrl || origin;
  return {
    page: `${origin}/unsubscribe?token=${token}`,
    headers: {
      'List-Unsubscribe': `<${api}/api/v1/notifications/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export function notificationMail(
  deps: Pick<DeliveryDeps, 'config' | 'jwtKey'>,
  recipient: Pick<Recipient, 'id' | 'locale'> & { email: string },
  rows: Pick<NotificationRow, 'kind' | 'data' | 'link'>[],
): Mail {
  const locale = localeOf(recipient.locale);
  const texts = MESSAGES[locale];
  const origin = deps.config.publicAppUrl;
  const unsubscribe = unsubscribeParts(deps.config, deps.jwtKey, recipient.id);
  const footer = `--\n${texts.footer}\n${texts.unsubscribe}: ${unsubscribe.page}`;
  const rendered = rows.map((row) => ({
    ...renderNotification(locale, row.kind as NotificationKind, row.data),
    url: `${origin}${row.link}`,
  }));
  if (rendered.length === 1) {
    const [only] = rendered;
    return {
      to: recipient.email,
      subject: only!.title,
      text: `${only!.body}\n\n${texts.open}: ${only!.url}\n\n${footer}`,
      headers: unsubscribe.headers,
    };
  }
  const lines = rendered.map((entry) => `* ${entry.title}\n  ${entry.body}\n  ${entry.url}`);
  return {
    to: recipient.email,
    subject: fill(texts.digestSubject, { count: rendered.length }),
    text: `${texts.digestIntro}\n\n${lines.join('\n\n')}\n\n${footer}`,
    headers: unsubscribe.headers,
  };
}
