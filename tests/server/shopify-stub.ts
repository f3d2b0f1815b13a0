/**
 * A local stand-in for the Shopify Admin GraphQL API: answers the documented request/response shapes
 * (data, userErrors, errors with extensions.code THROTTLED, extensions.cost.throttleStatus) for the
 * operations the connector sends, keeps the products it was given, and records every request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// GraphQL variables are free-form JSON: the tests read into them by path
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface StubRequest { path: string; headers: http.IncomingHttpHeaders; operation: string; query: string; variables: Record<string, any> }
export interface StubAnswer { status?: number; body: unknown }
type Handler = (req: StubRequest) => StubAnswer | null;

export interface ShopifyStub {
  base: string;
  requests: StubRequest[];
  products: Map<string, { id: string; status: string; title: string; variantId: string; sku: string; price: string; files: unknown[]; quantity: number | null }>;
  /** The next answers to an operation, before its documented default (a 503, THROTTLED, userErrors…). */
  queue(operation: string, ...answers: StubAnswer[]): void;
  on(operation: string, h: Handler): void;
  throttle: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
  close(): Promise<void>;
}

export const ok = (data: unknown, cost = 10, throttle = { maximumAvailable: 2000, currentlyAvailable: 1990, restoreRate: 100 }) => ({
  status: 200,
  body: { data, extensions: { cost: { requestedQueryCost: cost, actualQueryCost: cost, throttleStatus: throttle } } },
});

export async function startShopifyStub(): Promise<ShopifyStub> {
  const requests: StubRequest[] = [];
  const queued = new Map<string, StubAnswer[]>();
  const handlers = new Map<string, Handler>();
  const products: ShopifyStub['products'] = new Map();
  let seq = 1000;
  const stub = { throttle: { maximumAvailable: 2000, currentlyAvailable: 1990, restoreRate: 100 } } as ShopifyStub;

  const defaults: Record<string, Handler> = {
    ConnectorVerify: () => ok({ shop: { name: 'Stub Shop', myshopifyDomain: 'stub-shop.myshopify.com' } }, 1, stub.throttle),
    ConnectorPrimaryLocation: () => ok({ location: { id: 'gid://shopify/Location/1' } }, 1, stub.throttle),
    ConnectorListingState: (r) => {
      const p = products.get(r.variables.id);
      return ok({ product: p ? { id: p.id, status: p.status, variants: { nodes: [{ id: p.variantId }] } } : null, location: { id: 'gid://shopify/Location/1' } }, 3, stub.throttle);
    },
    ConnectorProductSet: (r) => {
      const input = r.variables.input;
      const v = input.variants[0];
      const id = input.id ?? `gid://shopify/Product/${++seq}`;
      const prev = products.get(id);
      const variantId = v.id ?? `gid://shopify/ProductVariant/${++seq}`;
      products.set(id, { id, status: input.status, title: input.title, variantId, sku: v.sku, price: v.price, files: input.files, quantity: v.inventoryQuantities?.[0]?.quantity ?? prev?.quantity ?? null });
      return ok({ productSet: { product: { id, status: input.status, variants: { nodes: [{ id: variantId, sku: v.sku, price: v.price }] } }, userErrors: [] } }, 10, stub.throttle);
    },
    ConnectorProductArchive: (r) => {
      const p = products.get(r.variables.product.id);
      if (!p) return ok({ productUpdate: { product: null, userErrors: [{ field: ['id'], message: 'Product does not exist' }] } });
      p.status = r.variables.product.status;
      return ok({ productUpdate: { product: { id: p.id, status: p.status }, userErrors: [] } }, 10, stub.throttle);
    },
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { query: string; variables?: Record<string, unknown> };
      const operation = /^\s*(?:query|mutation)\s+(\w+)/.exec(body.query ?? '')?.[1] ?? '';
      const r: StubRequest = { path: req.url ?? '', headers: req.headers, operation, query: body.query, variables: body.variables ?? {} };
      requests.push(r);
      let answer: StubAnswer | null | undefined = queued.get(operation)?.shift();
      if (!answer) answer = handlers.get(operation)?.(r) ?? null;
      if (!answer) answer = defaults[operation]?.(r) ?? null;
      if (!answer) answer = { status: 200, body: { errors: [{ message: `Field '${operation}' doesn't exist on type 'QueryRoot'` }] } };
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(stub, {
    base: `http://127.0.0.1:${port}`,
    requests,
    products,
    queue: (op: string, ...a: StubAnswer[]) => queued.set(op, [...(queued.get(op) ?? []), ...a]),
    on: (op: string, h: Handler) => void handlers.set(op, h),
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
}

export const THROTTLED: StubAnswer = {
  status: 200,
  body: {
    errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }],
    extensions: { cost: { requestedQueryCost: 752, actualQueryCost: null, throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 666, restoreRate: 50 } } },
  },
};
