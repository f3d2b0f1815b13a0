/**
 * Answers match the contract (docs/api-conventions.md "Answers"): every JSON GET route under /api
 * declares its answer schema (`answer` in the route kit, server/api/kit.ts), and every such route,
 * called as the seeded admin with real ids in its path, answers a body the schema parses. The
 * compiler checks the row mappers against the same schemas; this checks what actually goes out,
 * the JSON the database writes itself (`RawJson` pages) included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startServer, type Harness } from './harness';
import { DEMO_TENANT, callAs, headersFor } from './tokens';
import { fastEventSettings } from './events-support';
import { demoSuppliers, mappedVariant, marketplaceOrder, pos } from './dropship-support';
import { waitFor } from './wait-for';
import { listRoutes, type IndexedRoute } from '../../server/api/route-index';
import { appendEvent } from '../../server/events/outbox';
import { runReconciliation } from '../../server/api/reconciliation/runner';

const ADMIN = 'admin@demo.local';

/**
 * GET routes under /api that answer something else than JSON, and so declare no answer. Keep it
 * short: a new JSON route declares `answer` instead of joining this list.
 */
const NOT_JSON: Record<string, string> = {
  '/api/products/export.csv': 'CSV export',
  '/api/suppliers/export.csv': 'CSV export',
  '/api/me/orders/export.csv': 'CSV export',
  '/api/analytics/breakdown/export.csv': 'CSV export',
  '/api/payouts/export.csv': 'CSV export',
  '/api/shipments/:id/label.pdf': 'PDF label',
  '/api/images/:id': 'the image file itself (its own content type)',
  '/api/governance/exports/:id/download': 'the export file (JSON Lines, CSV or ZIP)',
  '/api/stream': 'SSE stream',
  '/api/stream/:name': 'SSE stream',
};

/**
 * Where a path parameter's real value comes from: the first row's `id` of a list answer (or a
 * record made in beforeAll, by name). Keyed by the route's URL; a route with a path parameter missing here fails.
 */
const PARAM_SOURCE: Record<string, string> = {
  '/api/products/:id': '/api/products?limit=1',
  '/api/products/:id/variants': '/api/products?limit=1',
  '/api/products/:id/images': '/api/products?limit=1',
  '/api/products/:id/suppliers': '/api/products?limit=1',
  '/api/suppliers/:id': '/api/suppliers?limit=1',
  '/api/suppliers/:id/performance': '/api/suppliers?limit=1',
  '/api/suppliers/:id/mappings': '/api/suppliers?limit=1',
  '/api/orders/:id': '/api/orders?limit=1',
  '/api/orders/:id/timeline': '/api/orders?limit=1',
  '/api/marketplaces/:id': '/api/marketplaces?limit=1',
  '/api/marketplaces/:id/settlements': '/api/marketplaces?limit=1',
  '/api/listings/:id': '/api/listings?limit=1',
  '/api/listings/:id/price-history': '/api/listings?limit=1',
  '/api/listings/jobs/:id': 'listing-job',
  '/api/pricing/proposals/bulk/:id': 'pricing-bulk-job',
  '/api/imports/jobs/:id': '/api/imports/jobs?limit=1',
  '/api/pricing/rules/:id': '/api/pricing/rules?limit=1',
  '/api/purchase-orders/:id': '/api/purchase-orders?limit=1',
  '/api/shipments/:id': '/api/shipments?limit=1',
  '/api/returns/:id': '/api/returns?limit=1',
  '/api/webhooks/:id': '/api/webhooks?limit=1',
  '/api/webhooks/:id/deliveries': '/api/webhooks?limit=1',
  '/api/dlq/:id': '/api/dlq?limit=1&status=all',
  '/api/alerts/:id': '/api/alerts?limit=1&status=all',
  '/api/streams/events/:seq': '/api/streams/events?limit=1',
  '/api/capital/advances/:id': '/api/capital/advances?limit=1',
  '/api/payouts/:id': '/api/payouts?limit=1',
  '/api/audit/:id': '/api/audit?limit=1',
  '/api/governance/exports/:id': '/api/governance/exports?limit=1',
  '/api/orchestrator/conversations/:id/messages': '/api/orchestrator/conversations?limit=1',
  '/api/agents/:name/runs': '/api/agents',
};

/** The query a route cannot answer without (its schema requires it), keyed by the route's URL. */
const QUERY: Record<string, string> = {
  '/api/governance/customers': '?email=answers.customer%40example.com',
  '/api/governance/customers/export': '?email=answers.customer%40example.com',
};

let h: Harness;
const made: Record<string, string> = {};

async function get(path: string) {
  const r = await callAs(h, ADMIN, 'GET', path);
  if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body as { data: unknown };
}

/** The first row's id of a list, read once: the records made in beforeAll hang off these same ids. */
async function firstId(source: string): Promise<string | undefined> {
  if (!(source in made)) {
    const body = await get(source);
    const rows = Array.isArray(body.data) ? (body.data as Record<string, unknown>[]) : [];
    if (rows[0]?.id !== undefined) made[source] = String(rows[0].id);
  }
  return made[source];
}

/** The route's path with real ids, or why it has none. */
async function concretePath(r: IndexedRoute): Promise<string> {
  if (QUERY[r.url]) return `${r.url}${QUERY[r.url]}`;
  if (!r.url.includes(':')) return r.url;
  const source = PARAM_SOURCE[r.url];
  if (!source) throw new Error(`${r.url}: no source for its path parameters in PARAM_SOURCE`);
  const id = await firstId(source);
  if (!id) throw new Error(`${r.url}: ${source} has no rows in the seeded database`);
  return r.url.replace(/:[A-Za-z]+/g, encodeURIComponent(id));
}

const jsonGets = () => listRoutes(h.app).filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && !(r.url in NOT_JSON));

beforeAll(async () => {
  fastEventSettings();
  h = await startServer();
  // the analytics breakdowns answer only with advanced analytics on (docs/settings.md "Feature flags")
  expect((await callAs(h, ADMIN, 'PUT', '/api/flags/enableAdvancedAnalytics', { enabled: true })).status).toBe(200);
  // records the seed lacks: a pricing rule and its proposals, a webhook, an image, a settlement, an import
  // job, a listing job, a dead letter, and
  // an order routed to a supplier (its purchase order) with a label bought by hand (a shipment)
  await callAs(h, ADMIN, 'POST', '/api/pricing/rules', { name: 'Answers test rule', strategy: 'beat_lowest', mode: 'proposals' });
  const proposed = await callAs(h, ADMIN, 'POST', '/api/pricing/propose', { all: true });
  expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
  await callAs(h, ADMIN, 'POST', '/api/webhooks', { url: 'http://127.0.0.1:9/hook', subjects: ['orders.*'] });
  const marketplace = await firstId('/api/marketplaces?limit=1');
  const product = await firstId('/api/products?limit=1');
  expect((await callAs(h, ADMIN, 'POST', `/api/products/${product}/images`, { url: 'https://example.com/answers.png', alt: 'Answers' })).status).toBe(201);
  await h.db.transaction(
    (tx) => tx.query(
      `insert into marketplace_settlements (tenant_id, marketplace_id, external_id, period_start, period_end, orders_count, gross_cents, fees_cents, net_cents)
       values ($1, $2, 'answers-test', now() - interval '7 days', now(), 2, 5000, 600, 4400)`,
      [DEMO_TENANT.id, marketplace],
    ),
    { tenantId: DEMO_TENANT.id },
  );
  // an advance (docs/capital.md): the seed has none, and requesting one needs the server's switch on
  await h.db.transaction(
    (tx) => tx.query(`insert into capital_advances (tenant_id, number, offer_kind, principal_cents, fee_cents, holdback_bp) values ($1, 'ADV-ANSWERS', 'merchant_cash', 10000, 1000, 1000)`, [DEMO_TENANT.id]),
    { tenantId: DEMO_TENANT.id },
  );
  // reconciliation problems: a run over the store as its consumer runs it (docs/reconciliation.md)
  await runReconciliation(h.db, DEMO_TENANT.id, { trigger: 'tick' });
  // an alert, folded from its event as every alert is (docs/alerts.md "Folding")
  await h.db.transaction(
    (tx) => appendEvent(tx, DEMO_TENANT.id, 'alerts.map_violation', {
      id: 'map-answers', type: 'map_violation', severity: 'warning', level: 'warning', source: 'map-monitor', message: 'MAP violation on ANSWERS-1',
      violation_id: 'answers', listing_id: 'answers', sku: 'ANSWERS-1', created_at: new Date().toISOString(),
    }),
    { tenantId: DEMO_TENANT.id },
  );
  // an order on hold, a work item (docs/alerts.md "Work items"): the automation holds an order it cannot route
  await h.db.transaction(
    (tx) => tx.query(
      `update orders set hold_reason = 'margin 4% below the 10% minimum', held_at = now()
        where tenant_id = $1 and id = (select id from orders where tenant_id = $1 and status in ('pending', 'routed') order by id limit 1)`,
      [DEMO_TENANT.id],
    ),
    { tenantId: DEMO_TENANT.id },
  );
  // a conversation with the orchestrator, answered with a table (docs/orchestrator.md)
  const talk = await callAs(h, ADMIN, 'POST', '/api/orchestrator/conversations', {});
  expect((await callAs(h, ADMIN, 'POST', `/api/orchestrator/conversations/${talk.body.data.id}/messages`, { text: 'show pending orders' })).status).toBe(201);
  // a bulk proposal job as its route writes one (a real one needs more proposals than the seed has)
  made['pricing-bulk-job'] = (
    await h.db.transaction(
      (tx) => tx.query<{ id: string }>(`insert into pricing_bulk_jobs (tenant_id, action, ids, total) values ($1, 'approve', array[gen_random_uuid()], 1) returning id`, [DEMO_TENANT.id]),
      { tenantId: DEMO_TENANT.id },
    )
  ).rows[0].id;
  // an export (docs/governance.md "Exports")
  expect((await callAs(h, ADMIN, 'POST', '/api/governance/exports', { kind: 'audit', format: 'jsonl' })).status).toBe(202);
  if (marketplace && product) {
    const job = await callAs(h, ADMIN, 'POST', '/api/listings/bulk', { marketplace_ids: [marketplace], product_ids: [product], status: 'draft', mode: 'job' });
    if (job.body?.job?.id) made['listing-job'] = String(job.body.job.id);
  }
  const csv = 'Handle,Title,Variant SKU,Variant Price\nanswers-test,Answers test,ANS-1,9.99\n';
  await fetch(`${h.url}/api/imports/shopify-products?mode=job&dry_run=true`, {
    method: 'POST',
    headers: { ...(await headersFor(h, ADMIN)), 'content-type': 'text/csv' },
    body: csv,
  });
  await h.db.transaction(
    (tx) => tx.query(
      `insert into dlq_entries (tenant_id, consumer, event_seq, event_tenant_seq, stream, subject, payload, last_error, attempts, first_failure_at, last_failure_at)
       values ($1, 'answers-test', -1, -1, 'JOBS', 'answers.poison', '{}'::jsonb, 'boom', 5, now(), now())`,
      [DEMO_TENANT.id],
    ),
    { tenantId: DEMO_TENANT.id },
  );
  expect((await callAs(h, ADMIN, 'PUT', '/api/fulfillment/settings', { automation_enabled: true })).status).toBe(200);
  const [supplier] = await demoSuppliers(h, 1);
  const v = await mappedVariant(h, 'ANSWERS-1', 5000, [{ supplierId: supplier.id, costCents: 1000, stock: 50 }]);
  const order = await marketplaceOrder(h, v, 5000);
  await waitFor(async () => ((await pos(h, ADMIN, order)).length > 0 ? true : null), 'a purchase order for the routed order', 30_000);
  const label = await callAs(h, ADMIN, 'POST', '/api/shipments', { order_id: order });
  expect(label.status, JSON.stringify(label.body)).toBe(201);
  // a demand forecasting run, for its runs and forecasts (docs/agents.md)
  expect((await callAs(h, ADMIN, 'POST', '/api/agents/demand/run')).status).toBe(202);
  await waitFor(async () => ((await callAs(h, ADMIN, 'GET', '/api/agents/demand/runs')).body.data[0]?.status === 'succeeded' ? true : null), 'a finished demand run', 60_000);
}, 180_000);
afterAll(async () => h?.close());

describe('answers against the contract', () => {
  it('every JSON GET route under /api declares its answer (CSV, PDF, image files and SSE excepted)', () => {
    const routes = listRoutes(h.app).filter((r) => r.method === 'GET' && r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(50);
    const undeclared = routes.filter((r) => !(r.url in NOT_JSON) && !r.kit?.answer).map((r) => r.url);
    expect(undeclared, 'JSON GET routes without `answer`').toEqual([]);
    // the exemptions name routes that exist and really declare nothing
    for (const url of Object.keys(NOT_JSON)) {
      const r = routes.find((x) => x.url === url);
      expect(r, `${url} is exempted but not registered`).toBeDefined();
      expect(r?.kit?.answer, `${url} is exempted but declares an answer`).toBeUndefined();
    }
  });

  it('every declared GET answer parses with its schema, as the seeded admin sees it', async () => {
    const failures: string[] = [];
    const empty: string[] = [];
    let checked = 0;
    for (const r of jsonGets()) {
      const schema = r.kit?.answer;
      if (!schema) continue;
      let path: string;
      try {
        path = await concretePath(r);
      } catch (e) {
        failures.push(String((e as Error).message));
        continue;
      }
      const res = await callAs(h, ADMIN, 'GET', path);
      if (res.status !== 200) {
        failures.push(`GET ${path}: status ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
        continue;
      }
      if (Array.isArray(res.body?.data) && res.body.data.length === 0) empty.push(r.url);
      const parsed = schema.safeParse(res.body);
      if (!parsed.success) failures.push(`GET ${path} (${r.url}) does not match its answer:\n${z.prettifyError(parsed.error)}`);
      checked += 1;
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
    expect(checked).toBeGreaterThan(50);
    // an empty list parses whatever its rows would be: every list here answers rows
    expect(empty, 'GET routes that answered no rows (their row schema went unchecked)').toEqual([]);
  }, 120_000);
});
