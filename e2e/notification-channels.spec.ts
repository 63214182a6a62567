import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, expectAccessible, test, type Page } from './support/test';
import { housemate } from './support/household';
import { bellName } from './support/notifications';
import { expectFitsWidth, fill, loginViaUi, t } from './support/ui';

// Issue 27 §4 in the browser: a webhook saved on the account page receives a signed test, the
// card shows how it went (sent, then failed against a closed port), and a test on the in-app
// channel lands in the bell.

const c = t.notifications.channels;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTP receiver on 127.0.0.1 that records every request and answers 204. */
async function receiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hook`, received };
}

/** A port nobody listens on: opened, then closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const channelsCard = (page: Page) => page.getByRole('region', { name: c.title });
const testButton = (page: Page, channel: string) =>
  channelsCard(page).getByRole('button', { name: `${c.sendTest}: ${channel}` });

test('a saved webhook receives a signed test, and a closed port shows the failure', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const hook = await receiver();
  try {
    const user = await housemate(request, 'Wes Hook');
    await loginViaUi(page, user);
    await page.goto('/account');
    const card = channelsCard(page);
    await expect(card.getByTestId('delivery-webhook')).toHaveText(c.notSetUp);
    await expectAccessible(page, 'channels, no webhook');

    await card.getByLabel(c.webhookUrl).fill(hook.url);
    await card.getByRole('button', { name: c.save }).click();
    const secret = card.getByTestId('webhook-secret');
    await expect(secret).toBeVisible();
    const shown = (await secret.textContent())!.trim();
    expect(shown.length).toBeGreaterThan(10);
    await expectAccessible(page, 'channels, secret shown');

    await testButton(page, c.webhook).click();
    await expect.poll(() => hook.received.length).toBe(1);
    const [delivery] = hook.received;
    const expected = `sha256=${createHmac('sha256', shown).update(delivery!.body).digest('hex')}`;
    expect(delivery!.headers['x-household-signature']).toBe(expected);
    expect(delivery!.headers['content-type']).toContain('application/json');
    expect(JSON.parse(delivery!.body)).toMatchObject({
      event: 'notification',
      kind: 'channel_test',
    });
    await expect(card.getByTestId('delivery-webhook')).toHaveText(
      new RegExp(`^${fill(c.sent, { time: '.+' })}$`),
    );

    // The same webhook, now pointing at a port nobody listens on.
    const port = await closedPort();
    await card.getByLabel(c.webhookUrl).fill(`http://127.0.0.1:${port}/hook`);
    await card.getByRole('button', { name: c.save }).click();
    await expect(card.getByLabel(c.webhookUrl)).toHaveValue(`http://127.0.0.1:${port}/hook`);
    await testButton(page, c.webhook).click();
    await expect(card.getByTestId('delivery-webhook')).toContainText(
      fill(c.failed, { error: 'connection refused' }),
    );
    expect(hook.received).toHaveLength(1);
    await expectAccessible(page, 'channels, failed delivery');
  } finally {
    await new Promise<void>((resolve) => hook.server.close(() => resolve()));
  }
});

test('a test on the in-app channel lands in the bell', async ({ page, request }) => {
  const user = await housemate(request, 'Ina App');
  await loginViaUi(page, user);
  await page.goto('/account');
  await expect(page.getByRole('button', { name: bellName(0), exact: true })).toBeVisible();
  await testButton(page, c.in_app).click();
  const bell = page.getByRole('button', { name: bellName(1), exact: true });
  await expect(bell).toBeVisible();
  await bell.click();
  const centre = page.getByRole('dialog', { name: t.notifications.center.title });
  await expect(centre.getByRole('link', { name: t.notifications.text.channel_test })).toBeVisible();
});

// The gate at the end checks the page in both themes; a check here as well would only double it.
test('the channels card fits a phone @mobile', async ({ page, request }) => {
  test.setTimeout(60_000);
  const user = await housemate(request, 'Phil Phone');
  await loginViaUi(page, user);
  await page.goto('/account');
  const card = channelsCard(page);
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByTestId('delivery-in_app')).toBeVisible();
  await expect(testButton(page, c.in_app)).toBeVisible();
  await expectFitsWidth(page);
});
