/**
 * Commerce console end to end — docs/commerce.md (Tests: Playwright), docs/product/routes-and-roles.md, docs/product/shell.md, docs/product/api-calls.md: create and edit a
 * supplier, score all, import a Shopify CSV and find the product through the palette, and filter orders
 * by status from the URL. Real server, real sign-in (dev mailbox), Debian's Chromium.
 */
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signedIn, USERS } from './support/sign-in';

const run = Date.now().toString(36);

async function openPalette(page: Page) {
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox', { name: 'Search orders, products, suppliers, or type a command...' })).toBeFocused();
}

test.describe('commerce', () => {
  test.beforeEach(async ({ page }) => {
    await signedIn(page, USERS.seller);
  });

  test('create and edit a supplier; the list shows the change', async ({ page }) => {
    const name = `E2E Supplier ${run}`;
    await page.goto('/suppliers');
    await page.getByRole('button', { name: 'Create supplier' }).click();
    await expect(page).toHaveURL(/\/suppliers\/create$/);
    // validation before anything is sent
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter the supplier name')).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(`ops-${run}@example.com`);
    await page.getByLabel('Country').fill('de');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page).toHaveURL(/\/suppliers\/[0-9a-f-]{36}$/);
    await expect(page.getByText(name).first()).toBeVisible();
    await expect(page.getByText('DE', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/edit$/);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
    await page.getByLabel('Name', { exact: true }).fill(`${name} GmbH`);
    await page.getByLabel('Contact name').fill('Greta Example');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/suppliers\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Greta Example')).toBeVisible();

    await page.goto(`/suppliers?search=${encodeURIComponent(run)}`);
    await expect(page.getByRole('row', { name: new RegExp(`${name} GmbH`) })).toBeVisible();
  });

  test('score all shows what changed and refreshes the list', async ({ page }) => {
    await page.goto('/suppliers');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await page.getByRole('button', { name: 'Score all' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supplier scores updated' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/\d+ suppliers? scored, \d+ changed/);
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    // every seeded supplier now has a score
    await expect(page.locator('.ant-table-row').first()).not.toContainText('—');
  });

  test('a bad Shopify file is reported row by row; a good one imports and the palette finds it', async ({ page }) => {
    const handle = `e2e-lamp-${run}`;
    const sku = handle.toUpperCase();
    const dir = mkdtempSync(join(tmpdir(), 'h-cui-e2e-'));
    const header = 'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty,Status';
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, `${header}\n${handle},E2E Lamp ${run},Color,Red,${sku}-RED,abc,5,active\n`);
    const good = join(dir, 'good.csv');
    writeFileSync(good, `${header}\n${handle},E2E Lamp ${run},Color,Red,${sku}-RED,24.5,5,active\n${handle},,Color,Blue,${sku}-BLUE,26,3,\n`);

    await page.goto('/products');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products' });
    await dialog.locator('input[type=file]').setInputFiles(bad);
    await expect(dialog.getByText(/has 1 problem\. Nothing was imported\./)).toBeVisible();
    await expect(dialog.getByRole('row', { name: /Variant Price/ })).toContainText('2');

    await dialog.locator('input[type=file]').setInputFiles(good);
    await expect(dialog.getByText('The file is valid. Review what will be imported, then choose Import.')).toBeVisible();
    await expect(dialog.getByRole('row', { name: /Created/ })).toContainText('1');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(dialog.getByText('Import complete')).toBeVisible();
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    await openPalette(page);
    await page.keyboard.type(`lamp ${run}`);
    const option = page.getByRole('option', { name: new RegExp(`E2E Lamp ${run}`) });
    await expect(option).toBeVisible();
    await expect(option).toContainText(`${sku} · $24.50`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/products?sku=${sku}`);
    await expect(page.getByText(`SKU: ${sku}`)).toBeVisible();
    await expect(page.locator('tr.product-row-highlight')).toContainText(`E2E Lamp ${run}`);
  });

  test('/orders?status=pending lists only pending orders', async ({ page }) => {
    await page.goto('/orders?status=pending');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Status' }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText('Pending');
    // the status column: the sixth cell, after the row's selection checkbox
    const statuses = await rows.locator('td:nth-child(6)').allInnerTexts();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Pending']));
  });
});
