/**
 * The assistant at /orchestrator (docs/orchestrator.md "Console"), against the real server: the seller
 * asks what needs attention and reads the streamed answer; asks to pause a listing by its SKU,
 * confirms the proposed change, and finds the listing paused on /listings. The listings it paused are
 * made active again afterwards, as the other specs expect.
 */
import { expect, test } from '@playwright/test';
import { signedIn, USERS } from './support/sign-in';
import { pageApi } from './support/page-api';

interface ListingRow { id: string; sku: string; status: string }

test('the seller asks, reads the answer, and pauses a listing after confirming', async ({ page }) => {
  await signedIn(page, USERS.seller, '/orchestrator?new=1');
  const api = await pageApi(page);
  const { data: [listing] } = await api.get<{ data: ListingRow[] }>('/listings?status=active&limit=1&sort=sku&order=asc');
  const { data: same } = await api.get<{ data: ListingRow[] }>(`/listings?status=active&limit=100&search=${encodeURIComponent(listing.sku)}`);
  const paused = same.filter((l) => l.sku === listing.sku);

  const box = page.getByRole('textbox', { name: 'Ask the assistant' });
  const messages = page.getByRole('log', { name: 'Messages' });
  try {
    await box.fill('what needs my attention?');
    await box.press('Enter');
    await expect(messages.getByRole('listitem', { name: 'You' })).toHaveText(/what needs my attention\?/);
    const answer = messages.getByRole('listitem', { name: 'Assistant' }).first();
    await expect(answer).toBeVisible();
    await expect(box).toBeEnabled({ timeout: 20_000 });
    await expect(answer).not.toHaveText(/^Assistant$/);

    await box.fill(`pause the listing sku ${listing.sku}`);
    await box.press('Enter');
    const card = page.getByRole('group', { name: /^Confirm: / });
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card.getByRole('table', { name: 'Preview' })).toContainText(listing.sku);
    await card.getByRole('button', { name: 'Confirm' }).click();
    await expect(card.getByText('Done', { exact: true })).toBeVisible();

    await page.goto(`/listings?search=${encodeURIComponent(listing.sku)}`);
    const row = page.getByRole('row').filter({ hasText: listing.sku }).first();
    await expect(row).toContainText('Paused');
  } finally {
    for (const l of paused) await api.send('PUT', `/listings/${l.id}`, { status: 'active' }).catch(() => undefined);
  }
});
