/** docs/product/routes-and-roles.md, docs/product/shell.md in the browser: redirects, guards, 404, sign-out and diagnostics. */
import { expect, test } from '@playwright/test';
import { requestMagicLink, signedIn, signIn, USERS } from './support/sign-in';
import { E2E_GOOGLE } from './support/google';
import { startOidcStub } from '../tests/server/support/oidc-stub';

test('a signed-out visitor of /orders?status=pending lands there after signing in', async ({ page }) => {
  await page.goto('/orders?status=pending');
  await expect(page).toHaveURL(/\/auth\?next=%2Forders%3Fstatus%3Dpending$/);
  const link = await requestMagicLink(page, USERS.seller);
  await page.goto(link);
  await expect(page).toHaveURL(/\/orders\?status=pending$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});

test('"Continue with Google" signs in through the OpenID provider and lands on next (docs/auth.md "Google")', async ({ page }) => {
  const provider = await startOidcStub({ port: E2E_GOOGLE.port, clientId: E2E_GOOGLE.clientId, clientSecret: E2E_GOOGLE.clientSecret });
  try {
    provider.account = { sub: 'e2e-google-seller', email: USERS.seller, email_verified: true, name: 'Sam Seller' };
    await page.goto('/auth?next=%2Forders');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    expect(provider.authorizations).toHaveLength(1);
  } finally {
    await provider.close();
  }
});

test('/login forwards to /auth keeping next', async ({ page }) => {
  await page.goto('/login?next=%2Fcapital');
  await expect(page).toHaveURL(/\/auth\?next=%2Fcapital$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('a seller on /ops sees Access Denied', async ({ page }) => {
  await signedIn(page, USERS.seller, '/ops');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You do not have permission to access this page')).toBeVisible();
  await expect(page.getByText('agent or higher')).toBeVisible();
  await expect(page.getByText('/ops', { exact: true })).toBeVisible();
  await expect(page.getByText('Need access? Contact your administrator to upgrade your role.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('unknown paths show Page Not Found', async ({ page }) => {
  await signedIn(page, USERS.agent);
  for (const path of ['/nope', '/agents/demand', '/agents/competitor']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go to Dashboard' })).toBeVisible();
  }
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a reload keeps the session without a second "Successfully signed in"', async ({ page }) => {
  await signIn(page, USERS.seller);
  await expect(page.getByText('Successfully signed in')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByText('Successfully signed in')).toHaveCount(0);
  // a signed-in visitor who loads the sign-in screen is sent to the dashboard
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the diagnostics drawer shows the signed-in email', async ({ page }) => {
  await signedIn(page, USERS.admin);
  await page.getByRole('button', { name: 'Diagnostics' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('System Diagnostics')).toBeVisible();
  await expect(drawer.getByText('Advanced metrics and monitoring for power users')).toBeVisible();
  await expect(drawer.getByText(USERS.admin)).toBeVisible();
  await expect(drawer.getByText('API Health')).toBeVisible();
  await expect(drawer.getByText('Request Statistics')).toBeVisible();
  await expect(page.getByTestId('status-badge')).toContainText(/Healthy|Degraded/);
});

test('sign out returns to /auth with a toast', async ({ page }) => {
  await signedIn(page, USERS.agent);
  await expect(page.getByTestId('tenant-name')).toHaveText('Demo Store');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\?next=%2Fdashboard$/);
});

test('an auth error in the URL becomes a toast and leaves the address bar', async ({ page }) => {
  await page.goto('/auth?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired#error=access_denied&sb=');
  await expect(page.getByText('Email link is invalid or has expired').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('the first Tab stop skips to the main content, past the bar and the navigation', async ({ page }) => {
  await signedIn(page, USERS.seller, '/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible({ timeout: 30_000 });
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  // the next Tab stop is inside the page, not in the top bar or the side navigation
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main#main'))).toBe(true);
});
