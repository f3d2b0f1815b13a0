/** docs/product/routes-and-roles.md in the browser: each demo role signs in by magic link and sees exactly its navigation. */
import { expect, test, type Page } from '@playwright/test';
import { expectedNav, type NavRole } from './support/navigation';
import { signIn, USERS } from './support/sign-in';

async function visibleNav(page: Page): Promise<Record<string, string[]>> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const groups = await nav.locator('section').evaluateAll((sections) =>
    sections.map((s) => [
      s.querySelector('h2')?.textContent ?? '',
      Array.from(s.querySelectorAll('a .side-nav-label')).map((l) => l.textContent ?? ''),
    ]),
  );
  return Object.fromEntries(groups);
}

for (const role of ['seller', 'agent', 'admin'] as NavRole[]) {
  test(`${role} sees the side navigation of their role`, async ({ page }) => {
    await signIn(page, USERS[role]);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Successfully signed in')).toBeVisible();
    expect(await visibleNav(page)).toEqual(expectedNav(role));
    // the "AI" badge and the highlight rule (path equals the route)
    const current = page.getByRole('link', { name: 'Dashboard' }).and(page.locator('[aria-current="page"]'));
    await expect(current).toBeVisible();
    if (role !== 'seller') await expect(page.locator('.side-nav-link', { hasText: 'All Agents' }).locator('.side-nav-badge')).toHaveText('AI');
  });
}
