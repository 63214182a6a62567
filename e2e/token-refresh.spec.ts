import { expect, test, type Page, type Route } from './support/test';
import { SignJWT, decodeJwt } from 'jose';
import { fetchMe, signUpViaApi, type TestUser } from './support/api';
import { JWT_SECRET } from './support/env';
import { loginViaUi, mainNav, storedToken, t } from './support/ui';

/** An access token for the same user and session as `token`, signed correctly but expired. */
async function expiredCopyOf(token: string): Promise<string> {
  const { sub, sid } = decodeJwt(token);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub!)
    .setIssuedAt(now - 3600)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(JWT_SECRET));
}

function setStoredToken(page: Page, key: 'token' | 'refreshToken', value: string) {
  return page.evaluate(([k, v]) => window.localStorage.setItem(k, v), [key, value] as const);
}

/**
 * Holds each refresh call until a second one arrives (or 3 s pass), the way tabs restored together
 * after the access token expired refresh at the same moment.
 */
function holdRefreshesUntilBothArrive() {
  let arrived = 0;
  let releaseBoth!: () => void;
  const both = new Promise<void>((resolve) => (releaseBoth = resolve));
  return async (route: Route) => {
    if (++arrived === 2) releaseBoth();
    await Promise.race([both, new Promise((resolve) => setTimeout(resolve, 3_000))]);
    await route.continue();
  };
}

function expectProfile(page: Page, name: string) {
  const profile = page.getByRole('region', { name: t.account.profile.title, exact: true });
  return expect(profile.getByLabel(t.fields.name, { exact: true })).toHaveValue(name);
}

let user: TestUser;

test.beforeEach(async ({ page, request }) => {
  user = await signUpViaApi(request);
  await loginViaUi(page, user);
});

test('an expired access token is renewed without the user noticing', async ({ page, request }) => {
  const expired = await expiredCopyOf((await storedToken(page))!);
  expect((await fetchMe(request, expired)).status).toBe(401);
  await setStoredToken(page, 'token', expired);

  await page.goto('/account');
  await expect(page).toHaveURL(/\/account$/);
  await expectProfile(page, user.name);
  await expect(mainNav(page).getByText(user.name)).toBeVisible();

  await expect.poll(() => storedToken(page)).not.toBe(expired);
  const renewed = (await storedToken(page))!;
  const { status, me } = await fetchMe(request, renewed);
  expect(status).toBe(200);
  expect(me?.id).toBe(user.id);
});

for (const [refreshToken, what] of [
  ['garbage', 'invalid'],
  [null, 'missing'],
] as const) {
  test(`when the refresh token is ${what} too, the user is sent to the login page`, async ({
    page,
  }) => {
    await setStoredToken(page, 'token', await expiredCopyOf((await storedToken(page))!));
    if (refreshToken) await setStoredToken(page, 'refreshToken', refreshToken);
    else await page.evaluate(() => window.localStorage.removeItem('refreshToken'));

    await page.goto('/account');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Faccount$/);
    await expect(page.getByRole('heading', { name: t.auth.login.title })).toBeVisible();
    expect(await storedToken(page)).toBeNull();
  });
}

test('two tabs whose access token expired together both stay signed in', async ({
  page,
  context,
  request,
}) => {
  const secondTab = await context.newPage();
  await setStoredToken(page, 'token', await expiredCopyOf((await storedToken(page))!));
  await context.route('**/api/v1/auth/jwt/refresh', holdRefreshesUntilBothArrive());

  await Promise.all([page.goto('/account'), secondTab.goto('/account')]);
  for (const tab of [page, secondTab]) {
    await expect(tab).toHaveURL(/\/account$/);
    await expectProfile(tab, user.name);
  }
  // The session the tabs share can still be renewed: it was not revoked as a replayed token.
  const renewal = await request.post('/api/v1/auth/jwt/refresh', {
    data: { refresh_token: await storedToken(page, 'refreshToken') },
  });
  expect(renewal.status()).toBe(200);
});
