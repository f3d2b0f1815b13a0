/**
 * Shopify Admin API (GraphQL) behind the connector interface (docs/marketplaces.md "Shopify"):
 * - verify: `shop { name }` with the stored token;
 * - pushListing: one `productSet` (synchronous) with the product's status (ACTIVE, or DRAFT while
 *   the listing is draft/paused), its one variant (SKU, price, stock at the primary location) and its
 *   images as files; an update targets the existing product and variant (read first, so productSet
 *   does not replace the variant); end = `productUpdate` to ARCHIVED. `userErrors` are refusals;
 * - pullOrders: `orders(query: "updated_at:>=…", sortKey: UPDATED_AT)`, one pulled order per line item
 *   of one of our products, shipping to the order's `shippingAddress`; the cursor is the last `updatedAt` seen;
 * - pushTracking: `fulfillmentCreate` over the order's open fulfillment orders with the tracking info;
 * - pullSettlements: `shopifyPaymentsAccount { payouts }` and each payout's `balanceTransactions` as its
 *   lines (./payouts.ts; none when the shop has no Shopify Payments);
 * - pullOffers: Shopify is the seller's own store: no competitor offers and no buy box (empty snapshots).
 */
import { ConnectorError } from '../connector';
import type { ListingPush, MarketplaceConnector, OffersSnapshot, PulledOrder, PulledSettlement, PushResult } from '../connector';
import { shopifyClient, endpointOf, type ShopifyClientOptions, type ShopifyCredentials } from './client';
import { centsToDecimal, parseCents } from '../../../contract/money';
import { shipToAddress, type ShipTo } from '../../../contract/addresses';
import * as Q from './queries';
import { isFinal, legacyIdOf, settlementOf, type ShopifyBalanceTransaction, type ShopifyPayout } from './payouts';

const ORDER_PAGE = 100;
const ORDER_PAGES_PER_PULL = 5;
const ALLOWED_STATUSES = new Set(['OPEN', 'IN_PROGRESS']);
const TRANSACTION_PAGE = 250;
const TRANSACTION_PAGES_PER_PAYOUT = 40;

interface UserError { field?: string[] | null; message: string; code?: string | null }

const refusal = (errors: UserError[]): PushResult => ({
  ok: false,
  reason: `Shopify: ${errors.map((e) => (e.field?.length ? `${e.field.join('.')}: ${e.message}` : e.message)).join('; ')}`,
});

/** SHOPIFY_API_BASE (tests, a self-hosted stub) from the environment, read when a connector is made. */
export function shopifyOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): ShopifyClientOptions {
  return { apiBase: env.SHOPIFY_API_BASE || undefined };
}

export function shopifyConnector(credentials: Record<string, string>, options: ShopifyClientOptions = shopifyOptionsFromEnv()): MarketplaceConnector {
  const creds: ShopifyCredentials = { shop_domain: credentials.shop_domain ?? credentials.shop ?? '', access_token: credentials.access_token ?? '' };
  const client = shopifyClient(creds, options);
  // a payout's balance transactions, every page
  const payoutTransactions = async (payoutId: string): Promise<ShopifyBalanceTransaction[]> => {
    const out: ShopifyBalanceTransaction[] = [];
    let after: string | null = null;
    for (let page = 0; page < TRANSACTION_PAGES_PER_PAYOUT; page++) {
      const t: { data: { shopifyPaymentsAccount: { balanceTransactions: { nodes: ShopifyBalanceTransaction[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } | null } } =
        await client.graphql(Q.PAYOUT_TRANSACTIONS, { first: TRANSACTION_PAGE, after, query: `payout_id:${legacyIdOf(payoutId)}` });
      const bt = t.data.shopifyPaymentsAccount?.balanceTransactions;
      if (!bt) break;
      out.push(...bt.nodes);
      if (!bt.pageInfo.hasNextPage || !bt.pageInfo.endCursor) break;
      after = bt.pageInfo.endCursor;
    }
    return out;
  };

  return {
    async verify() {
      const target = endpointOf(creds, options.apiBase);
      if ('error' in target) return { ok: false, message: target.error };
      try {
        const r = await client.graphql<{ shop: { name: string } | null }>(Q.VERIFY);
        return r.data.shop ? { ok: true } : { ok: false, message: 'Shopify answered without a shop' };
      } catch (e) {
        if (e instanceof ConnectorError) throw e; // an outage or the throttle: verified again on retry
        return { ok: false, message: e instanceof Error ? e.message : String(e) };
      }
    },

    async pushListing(p: ListingPush): Promise<PushResult> {
      if (p.action === 'end') {
        if (!p.externalId) return { ok: true, externalId: '' };
        const r = await client.graphql<{ productUpdate: { product: { id: string } | null; userErrors: UserError[] } }>(Q.PRODUCT_ARCHIVE, {
          product: { id: p.externalId, status: 'ARCHIVED' },
        });
        const errs = r.data.productUpdate.userErrors;
        // already deleted on Shopify: nothing left to end
        if (errs.length && !r.data.productUpdate.product && errs.every((e) => /not exist|not found/i.test(e.message))) return { ok: true, externalId: p.externalId };
        if (errs.length) return refusal(errs);
        return { ok: true, externalId: p.externalId };
      }

      let productId: string | null = null;
      let variantId: string | null = null;
      let locationId: string | null;
      if (p.externalId) {
        const s = await client.graphql<{ product: { id: string; variants: { nodes: { id: string }[] } } | null; location: { id: string } | null }>(Q.LISTING_STATE, { id: p.externalId });
        productId = s.data.product?.id ?? null; // deleted on Shopify: created again
        variantId = s.data.product?.variants.nodes[0]?.id ?? null;
        locationId = s.data.location?.id ?? null;
      } else {
        locationId = (await client.graphql<{ location: { id: string } | null }>(Q.PRIMARY_LOCATION)).data.location?.id ?? null;
      }

      const files = [...p.images]
        .sort((a, b) => a.position - b.position)
        .map((i) => ({ originalSource: i.url, contentType: 'IMAGE', ...(i.alt ? { alt: i.alt } : {}) }));
      const variant: Record<string, unknown> = {
        ...(variantId ? { id: variantId } : {}),
        optionValues: [{ optionName: 'Title', name: 'Default Title' }],
        sku: p.sku,
        price: centsToDecimal(p.priceCents),
        inventoryItem: { tracked: true },
        ...(locationId ? { inventoryQuantities: [{ locationId, name: 'available', quantity: p.active ? p.quantity : 0 }] } : {}),
      };
      const input = {
        ...(productId ? { id: productId } : {}),
        title: p.title,
        status: p.active ? 'ACTIVE' : 'DRAFT',
        productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
        files,
        variants: [variant],
      };
      const r = await client.graphql<{ productSet: { product: { id: string } | null; userErrors: UserError[] } }>(Q.PRODUCT_SET, { input, synchronous: true });
      const { product, userErrors } = r.data.productSet;
      if (userErrors.length) return refusal(userErrors);
      if (!product) return { ok: false, reason: 'Shopify: the product was not saved' };
      return { ok: true, externalId: product.id, message: locationId ? null : 'Shopify has no primary location: stock was not set' };
    },

    async pullOrders(cursor) {
      const orders: PulledOrder[] = [];
      let next = cursor;
      let after: string | null = null;
      let more = false;
      for (let page = 0; page < ORDER_PAGES_PER_PULL; page++) {
        const r: { data: { orders: OrdersPage } } = await client.graphql<{ orders: OrdersPage }>(Q.ORDERS, {
          first: ORDER_PAGE,
          after,
          query: cursor ? `updated_at:>='${cursor}'` : '',
        });
        for (const o of r.data.orders.nodes) {
          const lines = o.lineItems.nodes.filter((l) => l.product?.id);
          const shipTo = shipToOf(o.shippingAddress, o.customer?.displayName ?? o.name);
          lines.forEach((l, i) => {
            orders.push({
              externalId: lines.length > 1 ? `${o.id}#${i + 1}` : o.id,
              itemExternalId: l.product!.id,
              quantity: l.quantity,
              unitPriceCents: parseCents(l.originalUnitPriceSet?.shopMoney.amount) ?? 0,
              buyer: o.customer?.displayName ?? o.name,
              shipTo,
              createdAt: new Date(o.createdAt),
            });
          });
          if (!next || o.updatedAt > next) next = o.updatedAt;
        }
        more = r.data.orders.pageInfo.hasNextPage;
        if (!more) break;
        after = r.data.orders.pageInfo.endCursor;
      }
      return { orders, cursor: next, more };
    },

    async pushTracking(orderExternalId, t) {
      const orderId = orderExternalId.replace(/#\d+$/, '');
      const r = await client.graphql<{ order: { fulfillmentOrders: { nodes: { id: string; status: string }[] } } | null }>(Q.FULFILLMENT_ORDERS, { id: orderId });
      if (!r.data.order) throw new Error(`Shopify: order ${orderId} not found`);
      const open = r.data.order.fulfillmentOrders.nodes.filter((f) => ALLOWED_STATUSES.has(f.status));
      if (open.length === 0) return; // already fulfilled (a redelivery) or nothing left to ship
      const c = await client.graphql<{ fulfillmentCreate: { fulfillment: { id: string } | null; userErrors: UserError[] } }>(Q.FULFILLMENT_CREATE, {
        fulfillment: {
          lineItemsByFulfillmentOrder: open.map((f) => ({ fulfillmentOrderId: f.id })),
          trackingInfo: { company: t.carrier, number: t.trackingNumber },
          notifyCustomer: true,
        },
      });
      const errs = c.data.fulfillmentCreate.userErrors;
      if (errs.length) throw new Error(`Shopify refused the fulfillment: ${errs.map((e) => e.message).join('; ')}`);
    },

    async pullSettlements(cursor) {
      const r = await client.graphql<{ shopifyPaymentsAccount: { payouts: { nodes: ShopifyPayout[] } } | null }>(Q.PAYOUTS, { first: 50 });
      // a shop without Shopify Payments has no payouts to pull
      if (!r.data.shopifyPaymentsAccount) return { settlements: [], cursor };
      const fresh = r.data.shopifyPaymentsAccount.payouts.nodes.filter((p) => !cursor || p.issuedAt > cursor).sort((a, b) => a.issuedAt.localeCompare(b.issuedAt));
      const settlements: PulledSettlement[] = [];
      for (const p of fresh) settlements.push(settlementOf(p, await payoutTransactions(p.id)));
      // the cursor passes a payout only once its status is final (a scheduled or in-transit one is
      // pulled again until it is paid or failed: the sync updates its status, docs/payouts.md)
      let next = cursor;
      for (const p of fresh) {
        if (!isFinal(p.status)) break;
        next = p.issuedAt;
      }
      return { settlements, cursor: next };
    },

    async pullOffers(externalIds): Promise<OffersSnapshot[]> {
      return externalIds.map((externalId) => ({ externalId, offers: [], buyBoxOwner: null, buyBoxPriceCents: null }));
    },
  };
}

/** Shopify's `MailingAddress`, the fields the connector asks for. */
interface MailingAddress {
  name?: string | null; address1?: string | null; address2?: string | null; city?: string | null;
  province?: string | null; provinceCode?: string | null; zip?: string | null; countryCodeV2?: string | null;
}

/**
 * The order's `shippingAddress` as our address (contract/addresses.ts): the province's code (its name
 * when there is none), the ZIP, the country's code; the recipient is the address's name, else the
 * buyer. Null when the order has none (nothing to ship) or it does not pass the address rules.
 */
export function shipToOf(a: MailingAddress | null | undefined, buyer: string): ShipTo | null {
  if (!a) return null;
  const parsed = shipToAddress.safeParse({
    name: a.name?.trim() || buyer,
    line1: a.address1 ?? '',
    line2: a.address2 ?? null,
    city: a.city ?? '',
    region: a.provinceCode || a.province || null,
    postal_code: a.zip ?? '',
    country: a.countryCodeV2 ?? '',
  });
  return parsed.success ? parsed.data : null;
}

interface OrdersPage {
  nodes: {
    id: string;
    name: string;
    createdAt: string;
    updatedAt: string;
    customer: { displayName: string } | null;
    shippingAddress?: MailingAddress | null;
    lineItems: { nodes: { sku: string | null; quantity: number; product: { id: string } | null; originalUnitPriceSet: { shopMoney: { amount: string } } | null }[] };
  }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}


