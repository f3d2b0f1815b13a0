/**
 * One Shopify Admin GraphQL call (docs/marketplaces.md "Shopify"): POST
 * https://{shop}.myshopify.com/admin/api/{version}/graphql.json with X-Shopify-Access-Token.
 * - The host comes from the account's `shop_domain`, which must be a `*.myshopify.com` name; the
 *   connection goes through the webhook SSRF guard (server/events/webhooks/guarded-lookup.ts), so a
 *   name that resolves to a private, loopback or link-local address is refused. Only the operator's
 *   SHOPIFY_API_BASE (tests, a self-hosted stub) replaces the host, and only it may be private.
 * - Cost-based throttle: every answer's `extensions.cost.throttleStatus` is remembered per shop; a
 *   call waits until the bucket holds the last requested cost (at most `maxWaitMs`, else it fails
 *   to be retried later by the consumer).
 * - HTTP 429, a THROTTLED error, 5xx, timeouts and network failures are ConnectorError (retried);
 *   other top-level GraphQL errors (401, bad query, access scope) and a shop name that does not
 *   exist (DNS ENOTFOUND) are plain errors (a verification refuses the account at once; other calls
 *   are dead-lettered after the retries, with the reason). `userErrors` are the caller's to read: they are refusals.
 */
import http from 'node:http';
import https from 'node:https';
import { ConnectorError } from '../connector';
import { guardedLookup, systemResolver, type Resolver } from '../../events/webhooks/guarded-lookup';
import { judgeAddress } from '../../events/webhooks/address-policy';
import { hostOf, isLocalhostName } from '../../events/webhooks/url-policy';

/** The pinned Admin API version every query and mutation here is written against. */
export const SHOPIFY_API_VERSION = '2025-01';
const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

export interface ShopifyCredentials {
  shop_domain: string;
  access_token: string;
}

export interface ShopifyClientOptions {
  /** SHOPIFY_API_BASE: the operator's override of `https://{shop_domain}` (tests, stubs). */
  apiBase?: string;
  timeoutMs?: number;
  /** The longest a call waits for the throttle bucket to refill before failing (retried later). */
  maxWaitMs?: number;
  resolver?: Resolver;
  sleep?: (ms: number) => Promise<void>;
}

export interface GraphqlAnswer<T> {
  data: T;
  cost: ThrottleStatus | null;
}

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

interface Bucket extends ThrottleStatus {
  at: number;
  lastRequested: number;
}

/** Throttle state per shop, shared by every connector of the process (the bucket is per app and shop). */
const buckets = new Map<string, Bucket>();

export function resetThrottle(): void {
  buckets.clear();
}

/** The shop's GraphQL endpoint, or the reason it cannot be called. */
export function endpointOf(creds: Partial<ShopifyCredentials>, apiBase?: string): { url: URL; allowPrivate: boolean } | { error: string } {
  const shop = (creds.shop_domain ?? '').trim().toLowerCase().replace(/^https?:\/\//, '').replace(/\/.*$/, '');
  if (!SHOP_DOMAIN.test(shop)) return { error: `"${shop}" is not a Shopify shop domain (expected my-shop.myshopify.com)` };
  if (!creds.access_token) return { error: 'No Shopify access token stored for this account' };
  const path = `/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
  if (apiBase) return { url: new URL(apiBase.replace(/\/+$/, '') + path), allowPrivate: true };
  return { url: new URL(`https://${shop}${path}`), allowPrivate: false };
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function shopifyClient(creds: ShopifyCredentials, o: ShopifyClientOptions = {}) {
  const timeoutMs = o.timeoutMs ?? 15_000;
  const maxWaitMs = o.maxWaitMs ?? 10_000;
  const sleep = o.sleep ?? defaultSleep;
  const target = endpointOf(creds, o.apiBase);
  const agents = {
    http: new http.Agent({ keepAlive: false, lookup: guardedLookup(o.resolver ?? systemResolver, 'error' in target ? false : target.allowPrivate) }),
    https: new https.Agent({ keepAlive: false, lookup: guardedLookup(o.resolver ?? systemResolver, 'error' in target ? false : target.allowPrivate) }),
  };
  const key = creds.shop_domain;

  async function respectThrottle(): Promise<void> {
    const b = buckets.get(key);
    if (!b || b.restoreRate <= 0) return;
    const now = Date.now();
    const available = Math.min(b.maximumAvailable, b.currentlyAvailable + ((now - b.at) / 1000) * b.restoreRate);
    const need = Math.min(b.lastRequested, b.maximumAvailable);
    if (available >= need) return;
    const waitMs = Math.ceil(((need - available) / b.restoreRate) * 1000);
    if (waitMs > maxWaitMs) throw new ConnectorError(`Shopify API throttled: the cost bucket refills in ${Math.ceil(waitMs / 1000)} s`);
    await sleep(waitMs);
  }

  function remember(cost: { requestedQueryCost?: number; throttleStatus?: ThrottleStatus } | undefined): ThrottleStatus | null {
    const t = cost?.throttleStatus;
    if (!t || typeof t.currentlyAvailable !== 'number') return null;
    buckets.set(key, { ...t, at: Date.now(), lastRequested: Number(cost?.requestedQueryCost ?? 0) });
    return t;
  }

  function post(url: URL, body: string, allowPrivate: boolean): Promise<{ status: number; text: string }> {
    const host = hostOf(url);
    if (!isLocalhostName(host)) {
      const literal = judgeAddress(host, allowPrivate);
      if (!literal.ok && !literal.reason.endsWith('is not an IP address')) return Promise.reject(new Error(`refused: ${literal.reason}`));
    } else if (!allowPrivate) return Promise.reject(new Error('refused: localhost targets are not allowed'));
    const https_ = url.protocol === 'https:';
    return new Promise((resolve, reject) => {
      const req = (https_ ? https : http).request(
        url,
        {
          method: 'POST',
          agent: https_ ? agents.https : agents.http,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'x-shopify-access-token': creds.access_token,
            'content-length': String(Buffer.byteLength(body)),
          },
          signal: AbortSignal.timeout(timeoutMs),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', (e: NodeJS.ErrnoException) => {
        if (e.name === 'AbortError' || e.name === 'TimeoutError') reject(new ConnectorError(`Shopify API timed out after ${timeoutMs} ms`));
        else if (e.code === 'EWEBHOOKREFUSED') reject(new Error(e.message));
        // the name does not exist (DNS answered so; a DNS outage is EAI_AGAIN): no retry changes that
        else if (e.code === 'ENOTFOUND') reject(new Error(`No Shopify store answers at ${host}: check the store's .myshopify.com address`));
        else reject(new ConnectorError(`Shopify API unreachable: ${e.code ?? e.message}`));
      });
      req.end(body);
    });
  }

  return {
    async graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<GraphqlAnswer<T>> {
      if ('error' in target) throw new Error(target.error);
      await respectThrottle();
      const res = await post(target.url, JSON.stringify({ query, variables }), target.allowPrivate);
      // errors is a list of GraphQL errors, or a plain string on HTTP-level refusals (401, 429)
      let json: { data?: T; errors?: string | { message: string; extensions?: { code?: string } }[]; extensions?: { cost?: { requestedQueryCost?: number; throttleStatus?: ThrottleStatus } } } = {};
      try {
        json = res.text ? JSON.parse(res.text) : {};
      } catch {
        json = {};
      }
      const cost = remember(json.extensions?.cost);
      const errors = typeof json.errors === 'string' ? [{ message: json.errors, extensions: undefined }] : Array.isArray(json.errors) ? json.errors : [];
      const throttled = res.status === 429 || errors.some((e) => e.extensions?.code === 'THROTTLED');
      if (throttled) throw new ConnectorError(`Shopify API throttled the request (HTTP ${res.status}); retried later`);
      if (res.status >= 500) throw new ConnectorError(`Shopify API unavailable: HTTP ${res.status}`);
      if (res.status === 401 || res.status === 403) throw new Error(`Shopify refused the access token (HTTP ${res.status})${errors[0] ? `: ${errors[0].message}` : ''}`);
      if (res.status < 200 || res.status >= 300) throw new Error(`Shopify API answered HTTP ${res.status}`);
      if (errors.length) throw new Error(`Shopify API error: ${errors.map((e) => e.message).join('; ')}`);
      if (!json.data) throw new ConnectorError('Shopify API answered without data');
      return { data: json.data, cost };
    },
  };
}

export type ShopifyClient = ReturnType<typeof shopifyClient>;
