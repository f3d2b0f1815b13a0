/** Accessibility scan (axe) of the sign-in page and the signed-in shell: no serious or critical violations. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signedIn, USERS } from './support/sign-in';

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('the sign-in page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the shell has no serious accessibility violations', async ({ page }) => {
  await signedIn(page, USERS.admin);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
