/**
 * A customer's erasure end to end (docs/governance.md "Compliance"): a seeded customer found by
 * their email; an Amazon report with the buyer's email imported through the API, the customer looked
 * up on Governance › Compliance, erased after typing their email again, and the order shows the
 * erased name; the retention days saved.
 */
import { expect, test } from '@playwright/test';
import { signedIn, USERS } from './support/sign-in';

const PAGE_LOAD = { timeout: 30_000 };
/** One of the seed's most frequent buyers (eight orders; the seed is deterministic). */
const SEEDED = { email: 'james.chen@example.com', name: 'James Chen' };

test('an administrator finds a customer by email and erases their personal data', async ({ page }) => {
  await signedIn(page, USERS.admin, '/governance?tab=compliance');
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : '';
  });
  const me = await (await page.request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).json();
  const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': me.tenant.id as string };
  // a customer of the seeded Demo Store, found by the address the seed gives them (docs/commerce.md "Customer emails")
  await page.getByLabel('Customer email').fill(SEEDED.email, PAGE_LOAD);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByText(`${SEEDED.email} (${SEEDED.name})`)).toBeVisible(PAGE_LOAD);

  const n = Date.now();
  const email = `e2e.buyer.${n}@example.com`;
  const report = [
    'amazon-order-id\tpurchase-date\torder-status\tbuyer-name\tbuyer-email\tsku\tproduct-name\tquantity\tcurrency\titem-price\tshipping-price\titem-tax\trecipient-name\tship-address-1\tship-city\tship-state\tship-postal-code\tship-country',
    `114-${String(n).slice(-7)}-0000001\t2025-02-05T10:00:00+00:00\tPending\tWilhelmina Erasmo\t${email}\tE2E-GDPR\tTee\t1\tUSD\t20.00\t0.00\t0.00\tWilhelmina Erasmo\t3 Erasmo Way\tAustin\tTX\t78701\tUS`,
  ].join('\n');
  const imported = await page.request.post('/api/imports/amazon-orders', { headers: { ...headers, 'content-type': 'text/tab-separated-values' }, data: report });
  expect(imported.ok(), await imported.text()).toBe(true);

  await page.getByLabel('Customer email').fill(email, PAGE_LOAD);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByText(`${email} (Wilhelmina Erasmo)`)).toBeVisible(PAGE_LOAD);
  await page.getByRole('button', { name: /Erase personal data/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('This cannot be undone.')).toBeVisible();
  const erase = dialog.getByRole('button', { name: 'Erase personal data' });
  await expect(erase).toBeDisabled();
  await dialog.getByLabel("Type the customer's email again").fill(email);
  await erase.click();
  await expect(page.getByText("The customer's personal data was erased")).toBeVisible(PAGE_LOAD);
  await expect(page.getByText('Wilhelmina Erasmo')).toHaveCount(0);

  const found = await (await page.request.get(`/api/governance/customers?email=${encodeURIComponent(email)}`, { headers })).json();
  expect(found.data.found).toBe(false);

  const form = page.getByRole('form', { name: 'Retention settings' });
  const resolved = form.getByLabel('Resolved alerts');
  await resolved.fill('120');
  await form.getByRole('button', { name: 'Save retention settings' }).click();
  await expect(page.getByText('Retention settings saved')).toBeVisible(PAGE_LOAD);
  const saved = await (await page.request.get('/api/governance/retention', { headers })).json();
  expect(saved.data.resolved_alerts_days).toBe(120);
  // back to the default for the other specs
  await page.request.put('/api/governance/retention', { headers, data: { ...saved.data, updated_at: undefined, resolved_alerts_days: 90 } });
});
