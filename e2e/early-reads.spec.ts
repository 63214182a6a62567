import { expect, test } from './support/test';
import { loginViaApi, signUpViaApi } from './support/api';
import { loginViaUi } from './support/ui';

/**
 * The first page's reads start as soon as the API's host is known (app/early-reads.ts), not once
 * the page's code has arrived and run: on a phone on a slow network the list is on its way while
 * its page is still downloading, and the page takes that answer rather than asking again.
 */
test('a list opened on a slow connection is read while its page’s code is on its way, and once', async ({
  page,
  request,
}) => {
  const user = await signUpViaApi(request, { name: 'Erin Early' });
  const { access_token } = await loginViaApi(request, user.email, user.password);
  const headers = { Authorization: `Bearer ${access_token}` };
  const created = await request.post('/api/v1/lists', { headers, data: { name: 'Early shop' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const item = await request.post(`/api/v1/lists/${id}/items`, {
    headers,
    data: { name: 'Oat milk' },
  });
  expect(item.status()).toBe(201);
  await loginViaUi(page, user);

  // The list page's code arrives a second and a half late, as on a phone in a shop.
  const events: string[] = [];
  await page.route('**/assets/ListDetailPage-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    events.push('page code arrives');
    await route.continue();
  });
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === `/api/v1/lists/${id}`) events.push('list read');
  });

  await page.goto(`/lists/${id}`);
  await expect(page.getByTestId('item-row').filter({ hasText: 'Oat milk' })).toBeVisible();
  expect(events).toEqual(['list read', 'page code arrives']);
});
