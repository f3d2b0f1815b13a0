/**
 * A live Shopify account end to end against the local Admin API stub (SHOPIFY_API_BASE): linked
 * through the API (credentials sealed, never answered), verified by the verify consumer, a listing
 * pushed into the stub by the listing-push consumer with its images, a refusal kept as the feed
 * message, and a bad token shown on the account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { fastEventSettings } from './events-support';
import { setImages, variantsWithMap, waitForListing } from './listings-support';
import { waitFor } from './wait-for';
import { ok, startShopifyStub, type ShopifyStub } from './shopify-stub';

let h: Harness;
let stub: ShopifyStub;
const ADMIN = 'admin@demo.local';
const TOKEN = 'shpat_live_secret_0123456789';
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);

beforeAll(async () => {
  fastEventSettings();
  stub = await startShopifyStub();
  process.env.SHOPIFY_API_BASE = stub.base;
  // the consumers open credentials with the key of DATA_DIR (the process's), the harness has its own dir
  process.env.SECRETS_KEY = 'shopify-live-test-key';
  h = await startServer();
});
afterAll(async () => {
  delete process.env.SHOPIFY_API_BASE;
  delete process.env.SECRETS_KEY;
  await h?.close();
  await stub?.close();
});

const account = (id: string, want: string) =>
  waitFor(async () => {
    const a = await call(ADMIN, 'GET', `/api/marketplaces/${id}`);
    return a.body.data.status === want ? a.body.data : null;
  }, `the account ${want}`);

describe('live Shopify account', () => {
  it('links, verifies and pushes a listing with its images into Shopify; credentials never answered', async () => {
    const r = await call(ADMIN, 'POST', '/api/marketplaces', { kind: 'shopify', name: 'My Shopify', mode: 'live', credentials: { shop_domain: 'stub-shop.myshopify.com', access_token: TOKEN } });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ status: 'pending', has_credentials: true });
    expect(JSON.stringify(r.body)).not.toContain(TOKEN);
    const acc = r.body.data.id;
    const connected = await account(acc, 'connected');
    expect(JSON.stringify(connected)).not.toContain(TOKEN);
    const verify = stub.requests.find((x) => x.operation === 'ConnectorVerify')!;
    expect(verify.headers['x-shopify-access-token']).toBe(TOKEN);

    const [v] = await variantsWithMap(h, 1, 3);
    await setImages(h, v.product_id, ['https://img.example.com/front.jpg', 'https://img.example.com/back.jpg']);
    const l = await call(ADMIN, 'POST', '/api/listings', { variant_id: v.id, marketplace_id: acc, price_cents: v.map_cents + 250, status: 'active' });
    expect(l.status).toBe(201);
    const pushed = await waitForListing(h, ADMIN, l.body.data.id, (x) => x.sync_state === 'synced' && x.status === 'active');
    expect(pushed.external_id).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
    const set = stub.requests.find((x) => x.operation === 'ConnectorProductSet' && x.variables.input.variants[0].sku === v.sku)!;
    expect(set.variables.input).toMatchObject({
      status: 'ACTIVE',
      files: [
        { originalSource: 'https://img.example.com/front.jpg', alt: 'image 1', contentType: 'IMAGE' },
        { originalSource: 'https://img.example.com/back.jpg', alt: 'image 2', contentType: 'IMAGE' },
      ],
      variants: [{ sku: v.sku, price: ((v.map_cents + 250) / 100).toFixed(2) }],
    });
    expect(stub.products.get(pushed.external_id as string)).toMatchObject({ status: 'ACTIVE', sku: v.sku });

    // a Shopify refusal (userErrors) is the listing's feed message, not a retry
    stub.queue('ConnectorProductSet', ok({ productSet: { product: null, userErrors: [{ field: ['input', 'title'], message: 'Title is too long', code: 'INVALID' }] } }));
    await call(ADMIN, 'PUT', `/api/listings/${l.body.data.id}`, { title: 'A new title' });
    const refused = await waitForListing(h, ADMIN, l.body.data.id, (x) => x.status === 'error');
    expect(refused.feed_message).toBe('Shopify: input.title: Title is too long');

    const stored = await h.db.transaction(async (tx) => (await tx.query<{ c: string }>('select credentials_enc as c from marketplace_accounts where id = $1', [acc])).rows[0].c, { tenantId: DEMO_TENANT.id });
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(TOKEN);
  });

  it('shows a rejected token on the account as an error with Shopify’s reason', async () => {
    stub.queue('ConnectorVerify', { status: 401, body: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' } });
    const r = await call(ADMIN, 'POST', '/api/marketplaces', { kind: 'shopify', name: 'Bad token', mode: 'live', credentials: { shop_domain: 'stub-shop.myshopify.com', access_token: 'wrong' } });
    const a = await account(r.body.data.id, 'error');
    expect(a.error_message).toMatch(/HTTP 401.*Invalid API key/);
  });
});
