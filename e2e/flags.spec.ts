/**
 * docs/settings.md "Feature flags": an administrator turns `enableOrchestrator` off on /flags and the
 * AI Orchestrator menu item leaves ANOTHER open tab of the console without a reload (flags.updated on
 * the live stream → the flag provider reads the flags again); turned back on, it returns. The flag is
 * left on, as the other specs expect.
 */
import { expect, test } from '@playwright/test';
import { signedIn, USERS } from './support/sign-in';
import { pageApi } from './support/page-api';

test('switching the orchestrator off and on reaches another open tab live', async ({ page, context }) => {
  await signedIn(page, USERS.admin, '/flags');
  const other = await context.newPage();
  await signedIn(other, USERS.admin, '/dashboard');
  const menuItem = other.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'AI Orchestrator' });
  await expect(menuItem).toBeVisible();
  // the other tab must not reload: a marker on its window survives only without one
  await other.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));

  const toggle = page.getByRole('switch', { name: 'enableOrchestrator' });
  await expect(toggle).toBeChecked();
  try {
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(menuItem).toHaveCount(0, { timeout: 15_000 });

    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect(menuItem).toBeVisible({ timeout: 15_000 });
    expect(await other.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);
  } finally {
    // whatever happened above, leave the orchestrator on for the other specs
    const api = await pageApi(page);
    await api.send('PUT', '/flags/enableOrchestrator', { enabled: true });
  }
});
