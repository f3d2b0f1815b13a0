/**
 * Dropshipping end to end (docs/dropshipping.md): as an administrator, switch the automation on from
 * /fulfillment, let a sandbox marketplace sell a listed product, and watch the new order appear live
 * in /orders and flow to shipped on its timeline (routed, purchase order, label, tracking) without a
 * click; buy and void a label by hand; then take a delivered order's return from request to refund, and find it on the order's page beside its purchase orders and labels.
 * Real server, real sign-in, Debian's Chromium; the sandbox clock is advanced through its tick endpoints.
 */
import { expect, test, type Page } from '@playwright/test';
import { signedIn, USERS } from './support/sign-in';
import { pageApi } from './support/page-api';

const run = Date.now().toString(36);

interface List<T> { data: T[] }
interface ListingRow { id: string; sku: string; product_id: string; variant_id: string; status: string; sync_state: string }
interface Mapping { stock: number; countries_served: string[] }
interface OrderRow { id: string; status: string; marketplace: string; external_order_id: string | null }
interface Shipment { id: string; order_id: string; status: string; tracking_number: string; direction: string }

type Api = Awaited<ReturnType<typeof pageApi>>;

async function setAutomation(page: Page, on: boolean) {
  await page.goto('/fulfillment');
  const toggle = page.getByRole('switch', { name: 'Automate marketplace orders' });
  await expect(toggle).toBeVisible({ timeout: 30_000 });
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
  await page.getByRole('button', { name: 'Save automation' }).click();
  await expect(page.getByText('Automation settings saved')).toBeVisible();
  await expect(page.getByTestId('automation-summary')).toContainText(on ? 'On:' : 'Off:');
}

/** A seeded active listing whose product has a supplier with stock (so the router can place it). */
async function sellableVariant(api: Api): Promise<ListingRow> {
  const listings = await api.get<List<ListingRow>>('/listings?status=active&limit=40&sort=sku&order=asc');
  for (const l of listings.data) {
    const maps = await api.get<List<Mapping>>(`/products/${l.product_id}/suppliers`);
    if (maps.data.some((m) => m.stock > 5 && (m.countries_served.length === 0 || m.countries_served.includes('US')))) return l;
  }
  throw new Error('no seeded listing has a supplier with stock');
}

async function newestOrder(api: Api, marketplace: string): Promise<OrderRow | undefined> {
  return (await api.get<List<OrderRow>>(`/orders?marketplace=${marketplace}&sort=created_at&order=desc&limit=1`)).data[0];
}

test.describe.serial('dropshipping', () => {
  test.setTimeout(240_000);
  let shippedOrder = '';
  let accountId = '';

  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await signedIn(page, USERS.admin);
    const api = await pageApi(page);
    await api.send('PUT', '/fulfillment/settings', { automation_enabled: false });
    if (accountId) await api.send('PUT', `/marketplaces/${accountId}`, { status: 'paused' });
    await page.close();
  });

  test('a sandbox order appears live and flows to shipped on its timeline; a label is bought and voided by hand', async ({ page }) => {
    await signedIn(page, USERS.admin);
    const api = await pageApi(page);
    await setAutomation(page, true);

    // a marketplace of its own that sells its one listing on most ticks
    const account = await api.send<{ id: string }>('POST', '/marketplaces', { kind: 'walmart', name: `E2E Walmart ${run}`, sandbox_order_rate: 1 });
    accountId = account.id;
    const source = await sellableVariant(api);
    const listing = await api.send<{ id: string }>('POST', '/listings', { variant_id: source.variant_id, marketplace_id: account.id, price_cents: 99_00, confirm_below_cost: true });
    await expect
      .poll(async () => (await api.get<{ data: ListingRow }>(`/listings/${listing.id}`)).data.sync_state, { timeout: 60_000 })
      .toBe('synced');
    const before = await newestOrder(api, 'walmart');

    // the sale arrives while /orders is open: the row appears without a reload
    await page.goto('/orders?marketplace=walmart');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible({ timeout: 30_000 });
    // without the buy box a tick sells with a third of the rate (docs/marketplaces.md "Sandbox"): tick until it sells
    let order: OrderRow | undefined;
    let sold = 0;
    await expect
      .poll(async () => {
        if (!sold) sold = (await api.send<{ orders_created: number }>('POST', `/marketplaces/${account.id}/sandbox/tick`, { ticks: 1 })).orders_created;
        order = await newestOrder(api, 'walmart');
        return order && order.id !== before?.id ? order.id : '';
      }, { timeout: 60_000 })
      .not.toBe('');
    await expect(page.getByRole('row').filter({ hasText: order!.id })).toBeVisible({ timeout: 30_000 });

    // its page: routed to a supplier and a purchase order placed, by the automation
    await page.goto(`/orders/${order!.id}`);
    const timeline = page.getByLabel('Order timeline');
    await expect(timeline).toContainText('Order received from Walmart', { timeout: 30_000 });
    await expect(timeline).toContainText(/Routed \(attempt 1\): .*routed to/);
    await expect(timeline).toContainText(/Purchase order PO-\d+ placed with /);

    // before the supplier answers, buy its label by hand from the queue, then void it
    await page.goto('/fulfillment');
    await page.getByRole('searchbox', { name: 'Search orders to ship' }).fill(order!.id);
    await page.getByRole('searchbox', { name: 'Search orders to ship' }).press('Enter');
    const queued = page.getByRole('row').filter({ hasText: order!.id });
    await expect(queued).toBeVisible({ timeout: 30_000 });
    await page.getByRole('checkbox', { name: `Select order ${order!.id}` }).check();
    await page.getByRole('button', { name: 'Buy labels' }).click();
    const progress = page.getByRole('dialog');
    await expect(progress).toContainText('1 of 1', { timeout: 30_000 });
    await progress.getByRole('button', { name: /Close|OK|Done/ }).first().click();
    let label: Shipment | undefined;
    await expect
      .poll(async () => {
        label = (await api.get<List<Shipment>>(`/shipments?order_id=${order!.id}`)).data.find((s) => s.status === 'label_created');
        return label?.tracking_number ?? '';
      }, { timeout: 30_000 })
      .not.toBe('');
    await page.getByPlaceholder('Search order or tracking number').fill(label!.tracking_number);
    await page.getByPlaceholder('Search order or tracking number').press('Enter');
    await page.getByRole('button', { name: `Void label ${label!.tracking_number}` }).click();
    await page.getByRole('button', { name: 'Void label', exact: true }).click();
    await expect(page.getByText(`Label ${label!.tracking_number} voided`)).toBeVisible();

    // the supplier confirms on the next tick; the automation buys a new label (the voided one never
    // left) and pushes its tracking to the marketplace, all on the timeline without a reload
    await page.goto(`/orders/${order!.id}`);
    await expect(timeline).toContainText(`Label ${label!.tracking_number} voided`, { timeout: 30_000 });
    await api.post('/fulfillment/sandbox/tick', { ticks: 1 });
    await expect(timeline).toContainText(/Purchase order PO-\d+ confirmed/, { timeout: 60_000 });
    let fresh: Shipment | undefined;
    await expect
      .poll(async () => {
        fresh = (await api.get<List<Shipment>>(`/shipments?order_id=${order!.id}`)).data.find((s) => s.status !== 'voided');
        return fresh?.tracking_number ?? '';
      }, { timeout: 60_000 })
      .not.toBe('');
    expect(fresh!.tracking_number).not.toBe(label!.tracking_number);
    await expect(timeline).toContainText(`Tracking ${fresh!.tracking_number} pushed to Walmart`, { timeout: 60_000 });
    await expect(timeline.getByText(/^Label bought: /)).toHaveCount(2);
    // the order's page lists its purchase order with the supplier's answers, and both labels
    const purchaseOrders = page.getByTestId('order-purchase-orders');
    await expect(purchaseOrders).toContainText(/PO-\d+/);
    await expect(purchaseOrders).toContainText('Purchase order sent');
    await expect(purchaseOrders).toContainText(/Confirmed as SUP-\d+/);
    const shipments = page.getByTestId('order-shipments');
    await expect(shipments).toContainText(fresh!.tracking_number);
    await expect(shipments.getByRole('row').filter({ hasText: label!.tracking_number })).toContainText('Voided');
    expect((await api.get<{ data: OrderRow }>(`/orders/${order!.id}`)).data.status).toBe('shipped');
    shippedOrder = order!.id;
  });

  test('a delivered order is returned: request, approve with a return label, receive, refund', async ({ page }) => {
    test.skip(!shippedOrder, 'needs the shipped order of the previous test');
    await signedIn(page, USERS.admin);
    const api = await pageApi(page);
    // the carrier's scans deliver it
    await expect
      .poll(async () => {
        await api.post('/fulfillment/sandbox/tick', { ticks: 2 });
        return (await api.get<{ data: OrderRow }>(`/orders/${shippedOrder}`)).data.status;
      }, { timeout: 90_000, intervals: [2_000] })
      .toBe('delivered');

    await page.goto(`/orders/${shippedOrder}`);
    await page.getByRole('button', { name: 'Create return' }).click();
    await expect(page).toHaveURL(new RegExp(`/returns\\?create=${shippedOrder}$`));
    const modal = page.getByRole('dialog', { name: 'Create return' });
    await expect(modal).toBeVisible({ timeout: 30_000 });
    await expect(modal.getByRole('spinbutton').first()).toHaveValue(/[1-9]/, { timeout: 30_000 });
    await modal.getByLabel('Reason').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Damaged' }).click();
    await modal.getByRole('button', { name: 'Request return' }).click();
    await expect(page.getByText(new RegExp(`^Return RMA-\\d+ requested for ${shippedOrder}$`))).toBeVisible();

    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText(/RMA-\d+ approved: return label bought/)).toBeVisible({ timeout: 30_000 });
    // the return parcel's first scan
    await api.post('/fulfillment/sandbox/tick', { ticks: 1 });
    await expect
      .poll(async () => (await api.get<List<{ status: string }>>(`/returns?order_id=${shippedOrder}`)).data[0]?.status, { timeout: 60_000 })
      .toBe('in_transit');
    await page.reload();
    const condition = drawer.getByRole('combobox', { name: 'Condition received' });
    await expect(condition).toBeVisible({ timeout: 30_000 });
    // by keyboard: the list opens on the first condition (New), the next is Like new
    await condition.focus();
    await condition.press('ArrowDown');
    await expect(page.locator('.ant-select-item-option').filter({ hasText: 'Like new' })).toBeVisible();
    await condition.press('ArrowDown');
    await condition.press('Enter');
    await expect(drawer.locator('.ant-select-selection-item')).toHaveText('Like new');
    await drawer.getByRole('button', { name: 'Receive' }).click();
    await expect(page.getByText(/RMA-\d+ received/)).toBeVisible({ timeout: 30_000 });
    await drawer.getByRole('button', { name: 'Refund' }).click();
    await page.getByRole('button', { name: 'Refund', exact: true }).last().click();
    await expect(page.getByText(/RMA-\d+ refunded/)).toBeVisible({ timeout: 30_000 });
    await expect(drawer).toContainText('Refunded');
    expect((await api.get<{ data: OrderRow }>(`/orders/${shippedOrder}`)).data.status).toBe('returned');

    // the order's page lists its return, which opens the return's drawer on /returns
    await page.goto(`/orders/${shippedOrder}`);
    const card = page.getByTestId('order-returns');
    await expect(card).toContainText('Refunded', { timeout: 30_000 });
    await card.getByRole('link', { name: /^RMA-\d+$/ }).click();
    await expect(page).toHaveURL(/\/returns\?id=/);
    await expect(drawer).toContainText('Refunded', { timeout: 30_000 });
  });
});
