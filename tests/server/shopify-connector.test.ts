/**
 * The Shopify connector against a local stub of the Admin GraphQL API: the requests it sends
 * (endpoint, token header, operation, variables) and what it makes of the documented answers —
 * data, userErrors (refusals), THROTTLED / 429 / 5xx (retryable connector errors), the cost bucket.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shipToOf, shopifyConnector } from '../../server/marketplaces/shopify/connector';
import { endpointOf, resetThrottle, SHOPIFY_API_VERSION } from '../../server/marketplaces/shopify/client';
import { ConnectorError, type ListingPush } from '../../server/marketplaces/connector';
import { ok, startShopifyStub, THROTTLED, type ShopifyStub } from './shopify-stub';

let stub: ShopifyStub;
const creds = { shop_domain: 'stub-shop.myshopify.com', access_token: 'shpat_test_token' };
const sleeps: number[] = [];
const connector = () => shopifyConnector(creds, { apiBase: stub.base, sleep: async (ms) => void sleeps.push(ms) });
const push = (over: Partial<ListingPush> = {}): ListingPush => ({
  action: 'create', listingId: 'l-1', externalId: null, sku: 'SKU-1', title: 'Blue Mug', priceCents: 1299, quantity: 7,
  quantityRule: { mode: 'stock_minus_buffer', buffer: 1 }, active: true,
  images: [{ url: 'https://cdn.example.com/b.jpg', alt: null, position: 2 }, { url: 'https://cdn.example.com/a.jpg', alt: 'Front', position: 1 }],
  ...over,
});

beforeAll(async () => {
  stub = await startShopifyStub();
});
afterAll(() => stub.close());
afterEach(() => {
  stub.requests.length = 0;
  sleeps.length = 0;
  resetThrottle();
});

describe('Shopify connector', () => {
  it('verifies with shop { name } on the pinned API version, the token in X-Shopify-Access-Token', async () => {
    expect(await connector().verify()).toEqual({ ok: true });
    const [r] = stub.requests;
    expect(r.path).toBe(`/admin/api/${SHOPIFY_API_VERSION}/graphql.json`);
    expect(r.headers['x-shopify-access-token']).toBe('shpat_test_token');
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.query).toMatch(/shop\s*\{\s*name/);
  });

  it('refuses to verify a domain that is not a shop, and reports a rejected token', async () => {
    const bad = await shopifyConnector({ shop_domain: '169.254.169.254', access_token: 'x' }, { apiBase: stub.base }).verify();
    expect(bad).toMatchObject({ ok: false, message: expect.stringContaining('not a Shopify shop domain') });
    stub.queue('ConnectorVerify', { status: 401, body: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' } });
    expect(await connector().verify()).toMatchObject({ ok: false, message: expect.stringContaining('HTTP 401') });
    expect(stub.requests).toHaveLength(1); // the bad domain never left the process
  });

  it('creates a product with productSet: ACTIVE, SKU, price as Money, stock at the primary location, images in position order', async () => {
    const r = await connector().pushListing(push());
    expect(r).toMatchObject({ ok: true, externalId: expect.stringMatching(/^gid:\/\/shopify\/Product\/\d+$/) });
    expect(stub.requests.map((x) => x.operation)).toEqual(['ConnectorPrimaryLocation', 'ConnectorProductSet']);
    const set = stub.requests[1];
    expect(set.variables.synchronous).toBe(true);
    expect(set.variables.input).toMatchObject({
      title: 'Blue Mug',
      status: 'ACTIVE',
      files: [
        { originalSource: 'https://cdn.example.com/a.jpg', alt: 'Front', contentType: 'IMAGE' },
        { originalSource: 'https://cdn.example.com/b.jpg', contentType: 'IMAGE' },
      ],
      variants: [{ sku: 'SKU-1', price: '12.99', inventoryQuantities: [{ locationId: 'gid://shopify/Location/1', name: 'available', quantity: 7 }] }],
    });
    expect(set.variables.input.id).toBeUndefined();
  });

  it('updates the same product and variant (read first), sends a paused listing as DRAFT with no stock, and ends by archiving', async () => {
    const c = connector();
    const created = await c.pushListing(push());
    if (!created.ok) throw new Error('not created');
    const p = stub.products.get(created.externalId)!;
    const count = stub.products.size;
    stub.requests.length = 0;
    const upd = await c.pushListing(push({ action: 'update', externalId: created.externalId, priceCents: 1105, active: false }));
    expect(upd).toEqual({ ok: true, externalId: created.externalId, message: null });
    expect(stub.requests.map((x) => x.operation)).toEqual(['ConnectorListingState', 'ConnectorProductSet']);
    expect(stub.requests[1].variables.input).toMatchObject({ id: created.externalId, status: 'DRAFT', variants: [{ id: p.variantId, price: '11.05', inventoryQuantities: [{ quantity: 0 }] }] });
    expect(stub.products.size).toBe(count);

    const end = await c.pushListing(push({ action: 'end', externalId: created.externalId }));
    expect(end).toEqual({ ok: true, externalId: created.externalId });
    expect(stub.requests.at(-1)!.variables).toEqual({ product: { id: created.externalId, status: 'ARCHIVED' } });
    expect(stub.products.get(created.externalId)!.status).toBe('ARCHIVED');
  });

  it("turns userErrors into a refusal carrying Shopify's reason (not retried)", async () => {
    stub.queue('ConnectorProductSet', ok({ productSet: { product: null, userErrors: [{ field: ['input', 'variants', '0', 'price'], message: 'Price must be greater than or equal to 0', code: 'INVALID_VARIANT' }] } }));
    const r = await connector().pushListing(push());
    expect(r).toEqual({ ok: false, reason: 'Shopify: input.variants.0.price: Price must be greater than or equal to 0' });
  });

  it('throws a retryable ConnectorError on THROTTLED, 429 and 5xx, and a plain error on a GraphQL error', async () => {
    stub.queue('ConnectorProductSet', THROTTLED);
    await expect(connector().pushListing(push())).rejects.toSatisfy((e) => e instanceof ConnectorError && /throttled/i.test((e as Error).message));
    stub.queue('ConnectorProductSet', { status: 429, body: { errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.' } });
    await expect(connector().pushListing(push())).rejects.toBeInstanceOf(ConnectorError);
    stub.queue('ConnectorProductSet', { status: 503, body: 'Service Unavailable' });
    await expect(connector().pushListing(push())).rejects.toSatisfy((e) => e instanceof ConnectorError && /HTTP 503/.test((e as Error).message));
    stub.queue('ConnectorProductSet', { status: 200, body: { errors: [{ message: 'Access denied for productSet field. Required access: `write_products` access scope.', extensions: { code: 'ACCESS_DENIED' } }] } });
    await expect(connector().pushListing(push())).rejects.toSatisfy((e) => !(e instanceof ConnectorError) && /write_products/.test((e as Error).message));
  });

  it('waits for the cost bucket to refill before the next call (extensions.cost.throttleStatus)', async () => {
    const c = connector();
    stub.queue('ConnectorVerify', ok({ shop: { name: 'Stub Shop' } }, 200, { maximumAvailable: 1000, currentlyAvailable: 100, restoreRate: 50 }));
    await c.verify();
    await c.verify();
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(1500); // (200 − 100) / 50 points per second ≈ 2 s
    expect(sleeps[0]).toBeLessThanOrEqual(2000);
    // after a THROTTLED answer the bucket says how long: the next call waits instead of hammering
    stub.queue('ConnectorVerify', THROTTLED);
    await expect(c.verify()).rejects.toBeInstanceOf(ConnectorError);
    await c.verify();
    expect(sleeps[1]).toBeGreaterThan(1500); // (752 − 666) / 50 ≈ 1.7 s
  });

  it('pulls orders updated since the cursor, one per line item of a product, prices in cents', async () => {
    stub.on('ConnectorOrders', (r) =>
      ok({
        orders: {
          nodes: [
            { id: 'gid://shopify/Order/1', name: '#1001', createdAt: '2026-11-20T10:00:00Z', updatedAt: '2026-11-20T10:05:00Z', customer: { displayName: 'Ada Lovelace' },
              shippingAddress: { name: 'Ada Lovelace', address1: '12 Analytical Row', address2: 'Apt 3', city: 'Austin', province: 'Texas', provinceCode: 'TX', zip: '78701', countryCodeV2: 'US' },
              lineItems: { nodes: [{ sku: 'SKU-1', quantity: 2, product: { id: 'gid://shopify/Product/7' }, originalUnitPriceSet: { shopMoney: { amount: '12.9', currencyCode: 'USD' } } }] } },
            { id: 'gid://shopify/Order/2', name: '#1002', createdAt: '2026-11-21T10:00:00Z', updatedAt: '2026-11-21T11:00:00Z', customer: null,
              shippingAddress: { name: null, address1: '1 Navy Yard Way', address2: null, city: 'Toronto', province: 'Ontario', provinceCode: 'ON', zip: 'm5v2t6', countryCodeV2: 'CA' },
              lineItems: { nodes: [
                { sku: 'SKU-1', quantity: 1, product: { id: 'gid://shopify/Product/7' }, originalUnitPriceSet: { shopMoney: { amount: '12.90', currencyCode: 'USD' } } },
                { sku: null, quantity: 1, product: null, originalUnitPriceSet: { shopMoney: { amount: '5.00', currencyCode: 'USD' } } },
                { sku: 'SKU-2', quantity: 3, product: { id: 'gid://shopify/Product/8' }, originalUnitPriceSet: { shopMoney: { amount: '0.99', currencyCode: 'USD' } } },
              ] } },
          ],
          pageInfo: { hasNextPage: false, endCursor: 'abc' },
        },
        _q: r.variables.query,
      }),
    );
    const r = await connector().pullOrders('2026-11-19T00:00:00Z');
    expect(stub.requests[0].variables).toMatchObject({ first: 100, query: "updated_at:>='2026-11-19T00:00:00Z'" });
    expect(r.cursor).toBe('2026-11-21T11:00:00Z');
    // each ships to its order's shippingAddress (the buyer's name when the address has none; the postal code as Canada writes it)
    const ada = { name: 'Ada Lovelace', line1: '12 Analytical Row', line2: 'Apt 3', city: 'Austin', region: 'TX', postal_code: '78701', country: 'US' };
    const toronto = { name: '#1002', line1: '1 Navy Yard Way', city: 'Toronto', region: 'ON', postal_code: 'M5V 2T6', country: 'CA' };
    expect(r.orders).toEqual([
      { externalId: 'gid://shopify/Order/1', itemExternalId: 'gid://shopify/Product/7', quantity: 2, unitPriceCents: 1290, buyer: 'Ada Lovelace', shipTo: ada, createdAt: new Date('2026-11-20T10:00:00Z') },
      { externalId: 'gid://shopify/Order/2#1', itemExternalId: 'gid://shopify/Product/7', quantity: 1, unitPriceCents: 1290, buyer: '#1002', shipTo: toronto, createdAt: new Date('2026-11-21T10:00:00Z') },
      { externalId: 'gid://shopify/Order/2#2', itemExternalId: 'gid://shopify/Product/8', quantity: 3, unitPriceCents: 99, buyer: '#1002', shipTo: toronto, createdAt: new Date('2026-11-21T10:00:00Z') },
    ]);
  });

  it('an order with no shipping address (nothing to ship), or one the address rules refuse, comes without one', () => {
    expect(shipToOf(null, 'Ada')).toBeNull();
    // a US address needs its state
    expect(shipToOf({ address1: '1 Main St', city: 'Austin', provinceCode: null, province: null, zip: '78701', countryCodeV2: 'US' }, 'Ada')).toBeNull();
    expect(shipToOf({ address1: '1 Main St', city: 'Austin', provinceCode: 'TX', zip: '787', countryCodeV2: 'US' }, 'Ada')).toBeNull();
    expect(shipToOf({ address1: '10 Downing Street', city: 'London', zip: 'sw1a2aa', countryCodeV2: 'GB' }, 'Ada')).toEqual({ name: 'Ada', line1: '10 Downing Street', city: 'London', postal_code: 'SW1A 2AA', country: 'GB' });
  });

  it('pushes tracking with fulfillmentCreate over the open fulfillment orders', async () => {
    stub.on('ConnectorFulfillmentOrders', () =>
      ok({ order: { id: 'gid://shopify/Order/2', fulfillmentOrders: { nodes: [{ id: 'gid://shopify/FulfillmentOrder/9', status: 'OPEN' }, { id: 'gid://shopify/FulfillmentOrder/8', status: 'CLOSED' }] } } }),
    );
    stub.on('ConnectorFulfillmentCreate', () => ok({ fulfillmentCreate: { fulfillment: { id: 'gid://shopify/Fulfillment/1', status: 'SUCCESS' }, userErrors: [] } }));
    await connector().pushTracking('gid://shopify/Order/2#2', { carrier: 'UPS', trackingNumber: '1Z999' });
    expect(stub.requests[0].variables).toEqual({ id: 'gid://shopify/Order/2' });
    expect(stub.requests[1].variables.fulfillment).toEqual({
      lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/9' }],
      trackingInfo: { company: 'UPS', number: '1Z999' },
      notifyCustomer: true,
    });
    stub.on('ConnectorFulfillmentCreate', () => ok({ fulfillmentCreate: { fulfillment: null, userErrors: [{ field: ['fulfillment'], message: 'Fulfillment order is not in a fulfillable state' }] } }));
    await expect(connector().pushTracking('gid://shopify/Order/2', { carrier: 'UPS', trackingNumber: '1Z999' })).rejects.toThrow(/not in a fulfillable state/);
  });

  it('pulls Shopify Payments payouts after the cursor with their balance transactions as lines, and none when the shop has no Shopify Payments', async () => {
    const payout = (id: number, issuedAt: string, net: string, status = 'PAID') => ({ id: `gid://shopify/ShopifyPaymentsPayout/${id}`, issuedAt, status, net: { amount: net, currencyCode: 'USD' }, summary: { chargesGross: { amount: '100.00' }, chargesFee: { amount: '3.20' } } });
    const money = (amount: string) => ({ amount, currencyCode: 'USD' });
    const tx = (id: number, type: string, amount: string, fee: string, net: string, order: string | null, date = '2026-11-21T10:00:00Z') => ({
      id: `gid://shopify/ShopifyPaymentsBalanceTransaction/${id}`, type, transactionDate: date, amount: money(amount), fee: money(fee), net: money(net),
      associatedOrder: order ? { id: order, name: '#1001' } : null, adjustmentReason: null,
    });
    stub.on('ConnectorPayouts', () => ok({ shopifyPaymentsAccount: { payouts: { nodes: [payout(4, '2026-11-24T00:00:00Z', '10.00', 'IN_TRANSIT'), payout(3, '2026-11-22T00:00:00Z', '86.80'), payout(2, '2026-11-15T00:00:00Z', '50.00')] } } }));
    stub.on('ConnectorPayoutTransactions', (r) => {
      if (r.variables.query === 'payout_id:3') {
        // two pages: the connector follows the cursor
        if (!r.variables.after) return ok({ shopifyPaymentsAccount: { balanceTransactions: { nodes: [tx(1, 'CHARGE', '100.00', '3.20', '96.80', 'gid://shopify/Order/7')], pageInfo: { hasNextPage: true, endCursor: 'p2' } } } });
        return ok({ shopifyPaymentsAccount: { balanceTransactions: { nodes: [
          tx(2, 'RESERVED_FUNDS', '-10.00', '0.00', '-10.00', null, '2026-11-21T11:00:00Z'),
          tx(3, 'PAYOUT', '-86.80', '0.00', '-86.80', null, '2026-11-22T00:00:00Z'),
        ], pageInfo: { hasNextPage: false, endCursor: null } } } });
      }
      return ok({ shopifyPaymentsAccount: { balanceTransactions: { nodes: [tx(9, 'RESERVED_FUNDS_REVERSAL', '10.00', '0.00', '10.00', null, '2026-11-23T00:00:00Z')], pageInfo: { hasNextPage: false, endCursor: null } } } });
    });
    const r = await connector().pullSettlements('2026-11-16T00:00:00Z');
    // the in-transit payout is answered, but the cursor stays before it: the next pull answers it again once paid
    expect(r.cursor).toBe('2026-11-22T00:00:00Z');
    expect(r.settlements.map((s) => [s.externalId, s.status, s.receivedDate])).toEqual([
      ['gid://shopify/ShopifyPaymentsPayout/3', 'paid', '2026-11-22'],
      ['gid://shopify/ShopifyPaymentsPayout/4', 'in_transit', null],
    ]);
    const s = r.settlements[0];
    expect(s).toMatchObject({ grossCents: 10000, feesCents: 320, refundsCents: 0, reserveCents: 1000, adjustmentsCents: 0, netCents: 8680, ordersCount: 1, currency: 'USD', expectedDate: '2026-11-22' });
    expect(s.lines.map((l) => [l.kind, l.feeType, l.externalOrderId, l.amountCents])).toEqual([
      ['sale', null, 'gid://shopify/Order/7', 10000],
      ['fee', 'payment_processing', 'gid://shopify/Order/7', -320],
      ['reserve_held', null, null, -1000],
    ]);
    // the lines add up to the deposit
    expect(s.lines.reduce((a, l) => a + l.amountCents, 0)).toBe(s.netCents);
    expect(r.settlements[1].lines.map((l) => [l.kind, l.amountCents])).toEqual([['reserve_released', 1000]]);
    const asked = stub.requests.filter((q) => q.operation === 'ConnectorPayoutTransactions').map((q) => [q.variables.query, q.variables.after ?? null]);
    expect(asked).toEqual([['payout_id:3', null], ['payout_id:3', 'p2'], ['payout_id:4', null]]);
    stub.on('ConnectorPayouts', () => ok({ shopifyPaymentsAccount: null }));
    expect(await connector().pullSettlements('c')).toEqual({ settlements: [], cursor: 'c' });
  });

  it('answers empty offer snapshots: a shop has no competitors on its own store', async () => {
    expect(await connector().pullOffers(['gid://shopify/Product/7'])).toEqual([{ externalId: 'gid://shopify/Product/7', offers: [], buyBoxOwner: null, buyBoxPriceCents: null }]);
    expect(stub.requests).toHaveLength(0);
  });
});

describe('Shopify endpoint (SSRF guard)', () => {
  it('calls https://{shop}.myshopify.com unless the operator sets SHOPIFY_API_BASE, and refuses other hosts', () => {
    expect(endpointOf(creds)).toEqual({ url: new URL(`https://stub-shop.myshopify.com/admin/api/${SHOPIFY_API_VERSION}/graphql.json`), allowPrivate: false });
    for (const shop of ['127.0.0.1', 'localhost', 'evil.com', 'a.myshopify.com.evil.com', '169.254.169.254:80', '[::1]']) {
      expect(endpointOf({ shop_domain: shop, access_token: 't' })).toHaveProperty('error');
    }
  });

  it('refuses a shop name that does not exist at once, in words, instead of retrying it as an outage', async () => {
    const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND no-such-shop.myshopify.com'), { code: 'ENOTFOUND' });
    const c = shopifyConnector({ shop_domain: 'no-such-shop.myshopify.com', access_token: 't' }, { resolver: async () => Promise.reject(notFound) });
    const r = await c.verify();
    expect(r).toEqual({ ok: false, message: "No Shopify store answers at no-such-shop.myshopify.com: check the store's .myshopify.com address" });
    // a DNS outage is still an outage: retried
    const again = Object.assign(new Error('getaddrinfo EAI_AGAIN no-such-shop.myshopify.com'), { code: 'EAI_AGAIN' });
    const d = shopifyConnector({ shop_domain: 'no-such-shop.myshopify.com', access_token: 't' }, { resolver: async () => Promise.reject(again) });
    await expect(d.verify()).rejects.toBeInstanceOf(ConnectorError);
  });

  it('refuses a shop name that resolves to a private address', async () => {
    const c = shopifyConnector(creds, { resolver: async () => [{ address: '10.0.0.5', family: 4 }] });
    const r = await c.verify();
    expect(r).toMatchObject({ ok: false, message: expect.stringMatching(/refused: .*private/) });
  });
});
