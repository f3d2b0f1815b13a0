/** Order reads — docs/commerce.md: keyset-paged list with indexed filters, sorts and search (docs/api-conventions.md, docs/product/architecture.md §8). */
import type { Tx } from '../../db';
import { dollarsOf, num } from '../../domain/numbers';
import { prefixTsQuery, searchWalk } from '../list-kit/search-query';
import { fetchPage, jsonFields, selectFields, type JsonField, type Page, type SortSpec, pageWindow } from '../list-kit/paging';
import type { Marketplace, Order, OrderDetail, OrderItem, OrderListQuery, OrderStatus, StatusChange } from '../../../contract/orders';
import { iso } from '../wire';
import { computeOrderProfit, type OrderProfit } from '../../../contract/profit';
import { whereBuilder } from '../list-kit/where-builder';
import type { ShipTo } from '../../../contract/addresses';

/** Each sort ends in the id and matches an index led by tenant_id (0004_commerce.sql). */
const SORTS: Record<OrderListQuery['sort'], SortSpec> = {
  created_at: { columns: ['o.created_at', 'o.id'], types: ['timestamptz', 'text'] },
  total: { columns: ['o.total_cents', 'o.id'], types: ['int8', 'text'] },
  status: { columns: ['o.status', 'o.created_at', 'o.id'], types: ['text', 'timestamptz', 'text'] },
};

/**
 * An order's fields in every answer: the list's JSON (built by the database) and the detail's row.
 * Amounts are stored in cents and answered in dollars (`cents`: `api_dollars` in the list's SQL,
 * `mapOrder` for a row — the orders domain's two ends of one boundary, docs/commerce.md "Money").
 */
const ORDER_FIELDS: readonly JsonField[] = [
  ['id', 'o.id'], ['marketplace', 'o.marketplace'], ['external_order_id', 'o.external_order_id'], ['customer_name', 'o.customer_name'],
  ['status', 'o.status'], ['subtotal', 'o.subtotal_cents', 'cents'], ['shipping', 'o.shipping_cents', 'cents'], ['tax', 'o.tax_cents', 'cents'],
  ['fees', 'o.fees_cents', 'cents'], ['total', 'o.total_cents', 'cents'],
  ['currency', 'o.currency'], ['items_count', 'o.items_count'], ['cancel_reason', 'o.cancel_reason'],
  ['created_at', 'o.created_at', 'ts'], ['updated_at', 'o.updated_at', 'ts'],
];
export const ORDER_COLUMNS = selectFields(ORDER_FIELDS);
const ORDER_JSON = jsonFields(ORDER_FIELDS);

export type Row = Record<string, unknown>;

/** A row of `ORDER_COLUMNS` as the driver reads it. */
export type OrderDbRow = {
  id: string; marketplace: Marketplace; external_order_id: string | null; customer_name: string | null; status: OrderStatus;
  subtotal_cents: number | string; shipping_cents: number | string; tax_cents: number | string; fees_cents: number | string; total_cents: number | string;
  currency: string; items_count: number | string; cancel_reason: string | null; created_at: Date | string; updated_at: Date | string;
};

/** A row of `ORDER_COLUMNS` as the answer (contract `order`): its amounts from cents to dollars (contract/money.ts). */
export function mapOrder(r: OrderDbRow): Order {
  return {
    id: r.id,
    marketplace: r.marketplace,
    external_order_id: r.external_order_id,
    customer_name: r.customer_name,
    status: r.status,
    subtotal: dollarsOf(r.subtotal_cents),
    shipping: dollarsOf(r.shipping_cents),
    tax: dollarsOf(r.tax_cents),
    fees: dollarsOf(r.fees_cents),
    total: dollarsOf(r.total_cents),
    currency: r.currency,
    cancel_reason: r.cancel_reason,
    items_count: num(r.items_count),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export function orderFilters(tenantId: string, q: OrderListQuery): { where: string[]; params: unknown[]; walk?: { hit: string; bound: number } } {
  const w = whereBuilder('o.tenant_id = $1', tenantId);
  const { where, params, add } = w;
  if (q.id) add((ph) => `o.id = upper(${ph})`, q.id);
  // the search is a walked filter (PageRequest.walk); fetchPage adds it to the WHERE where it is not walked
  const ts = prefixTsQuery(q.search);
  const walk = ts ? searchWalk('o', w, ts) : undefined;
  // one value compares with = so the planner walks the (tenant_id, status, created_at, id) index in order
  const oneOrAny = (col: string, values: string[] | undefined) => {
    if (!values) return;
    if (values.length === 1) add((ph) => `${col} = ${ph}`, values[0]);
    else add((ph) => `${col} = any(${ph}::text[])`, values);
  };
  oneOrAny('o.status', q.status);
  oneOrAny('o.marketplace', q.marketplace);
  if (q.created_from) add((ph) => `o.created_at >= ${ph}::timestamptz`, q.created_from);
  // a bare date as the upper bound means "through that day"
  if (q.created_to) add((ph) => (q.created_to!.length === 10 ? `o.created_at < ${ph}::date + 1` : `o.created_at <= ${ph}::timestamptz`), q.created_to);
  return { where, params, walk };
}

/** A page of orders; `json: true` has the database write the rows as the answer's JSON (`Page.json`). */
export async function listOrders(tx: Tx, tenantId: string, q: OrderListQuery, opts: { noCount?: boolean; json?: boolean } = {}): Promise<Page<OrderDbRow>> {
  const { where, params, walk } = orderFilters(tenantId, q);
  return fetchPage<OrderDbRow>(tx, {
    from: 'orders o',
    select: ORDER_COLUMNS,
    where,
    params,
    ...pageWindow(q, SORTS),
    noCount: opts.noCount,
    json: opts.json ? ORDER_JSON : undefined,
    // a search in the default sort is answered from the (tenant, created_at, id) index, which
    // INCLUDEs the search vector (0009_orders_search_index.sql)
    keysFirst: Boolean(q.search) && q.sort === 'created_at',
    walk,
    customPlan: Boolean(q.search),
  });
}

export async function getOrder(tx: Tx, tenantId: string, id: string): Promise<OrderDetail & { items: (OrderItem & { variant_id: string | null })[] } | null> {
  const { rows } = await tx.query<OrderDbRow & { hold_reason: string | null; ship_to: ShipTo }>(`select ${ORDER_COLUMNS}, o.hold_reason, o.ship_to from orders o where o.tenant_id = $1 and o.id = upper($2)`, [tenantId, id]);
  if (!rows[0]) return null;
  const items = await tx.query<{ id: number | string; product_id: string | null; variant_id: string | null; sku: string; title: string; quantity: number; unit_price_cents: number | string; returned_quantity: number | string }>(
    'select id, product_id, variant_id, sku, title, quantity, unit_price_cents, returned_quantity from order_items where tenant_id = $1 and order_id = $2 order by id',
    [tenantId, rows[0].id],
  );
  const history = await tx.query<Omit<StatusChange, 'at'> & { at: Date | string }>(
    'select from_status as "from", to_status as "to", reason, actor, at from order_status_history where tenant_id = $1 and order_id = $2 order by at, id',
    [tenantId, rows[0].id],
  );
  return {
    ...mapOrder(rows[0]),
    hold_reason: rows[0].hold_reason ?? null,
    ship_to: rows[0].ship_to,
    profit: await orderProfitOf(tx, tenantId, rows[0]),
    items: items.rows.map(({ unit_price_cents, ...i }) => ({ ...i, id: num(i.id), quantity: num(i.quantity), unit_price: dollarsOf(unit_price_cents), returned_quantity: num(i.returned_quantity) })),
    status_history: history.rows.map((h) => ({ ...h, at: iso(h.at) })),
  };
}

/**
 * The order's profit (contract/profit.ts, docs/commerce.md "Order profit"): the fees it stores, its
 * live purchase orders' landed cost (their items plus the supplier's shipping), every live label
 * the seller bought (outbound, and return labels, which the seller pays), and the refunds of its
 * returns. Not known yet: supplier without a live purchase order, postage without a live outbound
 * label, refunds while a return is open.
 */
async function orderProfitOf(tx: Tx, tenantId: string, o: OrderDbRow): Promise<OrderProfit> {
  const { rows } = await tx.query<{ pos: string | number; supplier: string | number | null; labels: string | number; postage: string | number | null; open_returns: string | number; refunds: string | number | null }>(
    `select (select count(*) from purchase_orders p where p.tenant_id = $1 and p.order_id = $2 and p.status not in ('rejected', 'cancelled')) as pos,
            (select sum(p.total_cents) from purchase_orders p where p.tenant_id = $1 and p.order_id = $2 and p.status not in ('rejected', 'cancelled')) as supplier,
            (select count(*) from shipments s where s.tenant_id = $1 and s.order_id = $2 and s.direction = 'outbound' and s.status <> 'voided') as labels,
            (select sum(s.rate_cents) from shipments s where s.tenant_id = $1 and s.order_id = $2 and s.status <> 'voided') as postage,
            (select count(*) from returns r where r.tenant_id = $1 and r.order_id = $2 and r.status in ('requested', 'approved', 'in_transit', 'received')) as open_returns,
            (select sum(r.refund_cents) from returns r where r.tenant_id = $1 and r.order_id = $2 and r.status = 'refunded') as refunds`,
    [tenantId, o.id],
  );
  const r = rows[0];
  const known = (n: string | number, sum: string | number | null) => (num(n) > 0 ? num(sum ?? 0) : null);
  return computeOrderProfit({
    sale_cents: num(o.total_cents),
    fees_cents: num(o.fees_cents),
    supplier_cents: known(r.pos, r.supplier),
    postage_cents: known(r.labels, r.postage),
    refunds_cents: num(r.open_returns) > 0 ? null : num(r.refunds ?? 0),
  });
}
