/**
 * One customer's data (docs/governance.md "Compliance"): the orders that carry their email, and
 * everything hanging off those orders — lines, returns, labels, purchase orders, status history,
 * ledger entries — plus the event payloads and audit entries that name them. Reads only; the
 * erasure (erase.ts) writes.
 */
import { createHash } from 'node:crypto';
import type { Tx } from '../../db';
import { isoOrNull } from '../wire';
import type { CustomerCounts, CustomerSummary } from '../../../contract/compliance';
import { compileNeedles, type Compiled } from './redact';

export const emailHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export interface CustomerOrders {
  ids: string[];
  /** every personal value the orders hold: the email, phone numbers, names, street lines */
  values: string[];
  names: string[];
  first: unknown;
  last: unknown;
}

interface OrderRow { id: string; customer_name: string | null; customer_phone: string | null; ship_to: Record<string, unknown> | null; created_at: unknown }

/** The customer's orders (locked when `lock`: the erasure's conditional write) and their personal values. */
export async function customerOrders(tx: Tx, tenantId: string, email: string, lock = false): Promise<CustomerOrders> {
  const { rows } = await tx.query<OrderRow>(
    `select id, customer_name, customer_phone, ship_to, created_at from orders
      where tenant_id = $1 and customer_email = $2 order by created_at, id${lock ? ' for update' : ''}`,
    [tenantId, email],
  );
  const values = new Set<string>([email]);
  const names = new Set<string>();
  const add = (v: unknown, name = false) => {
    if (typeof v !== 'string' || !v.trim()) return;
    values.add(v.trim());
    if (name) names.add(v.trim());
  };
  for (const o of rows) {
    add(o.customer_name, true);
    add(o.customer_phone);
    add(o.ship_to?.name, true);
    add(o.ship_to?.line1);
    add(o.ship_to?.line2);
  }
  // return labels carry the customer's address as where the parcel comes from
  if (rows.length) {
    const s = await tx.query<{ a: Record<string, unknown> | null }>(
      `select ship_from_address as a from shipments where tenant_id = $1 and order_id = any($2::text[]) and direction = 'return'`,
      [tenantId, rows.map((r) => r.id)],
    );
    for (const r of s.rows) {
      add(r.a?.name, true);
      add(r.a?.line1);
      add(r.a?.line2);
    }
  }
  return { ids: rows.map((r) => r.id), values: [...values], names: [...names], first: rows[0]?.created_at ?? null, last: rows.at(-1)?.created_at ?? null };
}

/** ILIKE patterns that find a row naming the customer: their values, and their order ids as JSON strings. */
export function rowPatterns(c: Compiled, orderIds: readonly string[]): string[] {
  return [...c.patterns, ...orderIds.map((id) => `%"${id}"%`)];
}

const n = (v: unknown) => Number(v ?? 0);

async function count(tx: Tx, sql: string, params: unknown[]): Promise<number> {
  return n((await tx.query<{ n: unknown }>(sql, params)).rows[0]?.n);
}

export async function customerCounts(tx: Tx, t: string, o: CustomerOrders): Promise<CustomerCounts> {
  if (o.ids.length === 0) return { orders: 0, order_items: 0, returns: 0, shipments: 0, purchase_orders: 0, ledger_entries: 0, events: 0, audit_entries: 0 };
  const ids = o.ids;
  const patterns = rowPatterns(compileNeedles(o.values), ids);
  return {
    orders: ids.length,
    order_items: await count(tx, 'select count(*) as n from order_items where tenant_id = $1 and order_id = any($2::text[])', [t, ids]),
    returns: await count(tx, 'select count(*) as n from returns where tenant_id = $1 and order_id = any($2::text[])', [t, ids]),
    shipments: await count(tx, 'select count(*) as n from shipments where tenant_id = $1 and order_id = any($2::text[])', [t, ids]),
    purchase_orders: await count(tx, 'select count(*) as n from purchase_orders where tenant_id = $1 and order_id = any($2::text[])', [t, ids]),
    ledger_entries: await count(tx, `select count(*) as n from ledger_entries where tenant_id = $1 and object_id in (${objectIds})`, [t, ids]),
    events: await count(tx, 'select count(*) as n from events where tenant_id = $1 and payload::text ilike any($2::text[])', [t, patterns]),
    audit_entries: await count(
      tx,
      `select count(*) as n from audit_log where tenant_id = $1
          and (resource_id = any($3::text[]) or coalesce(before::text, '') ilike any($2::text[]) or coalesce(after::text, '') ilike any($2::text[]))`,
      [t, patterns, ids],
    ),
  };
}

/** The ids of every business object of the orders (ledger entries name their object by id). */
const objectIds = `select unnest($2::text[])
   union all select id::text from returns where tenant_id = $1 and order_id = any($2::text[])
   union all select id::text from shipments where tenant_id = $1 and order_id = any($2::text[])
   union all select id::text from purchase_orders where tenant_id = $1 and order_id = any($2::text[])`;

export async function customerSummary(tx: Tx, t: string, email: string): Promise<CustomerSummary> {
  const o = await customerOrders(tx, t, email);
  return {
    email,
    found: o.ids.length > 0,
    names: o.names,
    counts: await customerCounts(tx, t, o),
    first_order_at: isoOrNull(o.first),
    last_order_at: isoOrNull(o.last),
  };
}

type Doc = Record<string, unknown>;

async function docs(tx: Tx, sql: string, params: unknown[]): Promise<Doc[]> {
  return (await tx.query<{ d: Doc }>(sql, params)).rows.map((r) => r.d);
}

/** Every record of the customer's, as JSON documents (GET /governance/customers/export). */
export async function customerExport(tx: Tx, t: string, email: string) {
  const o = await customerOrders(tx, t, email);
  const ids = o.ids;
  const patterns = rowPatterns(compileNeedles(o.values), ids);
  const of = (table: string, order = 'created_at') =>
    docs(tx, `select to_jsonb(x) - 'tenant_id' - 'search' as d from ${table} x where tenant_id = $1 and order_id = any($2::text[]) order by ${order}`, [t, ids]);
  return {
    email,
    exported_at: new Date().toISOString(),
    orders: await docs(tx, `select to_jsonb(x) - 'tenant_id' - 'search' as d from orders x where tenant_id = $1 and id = any($2::text[]) order by created_at, id`, [t, ids]),
    order_items: await of('order_items', 'id'),
    order_status_history: await of('order_status_history', 'at, id'),
    returns: await of('returns'),
    shipments: await of('shipments'),
    purchase_orders: await of('purchase_orders'),
    ledger_entries: await docs(
      tx,
      `select to_jsonb(e) - 'tenant_id' || jsonb_build_object('postings', coalesce((select jsonb_agg(jsonb_build_object('account', p.account, 'amount_cents', p.amount_cents, 'currency', p.currency) order by p.id)
              from ledger_postings p where p.tenant_id = e.tenant_id and p.entry_id = e.id), '[]'::jsonb)) as d
         from ledger_entries e where e.tenant_id = $1 and e.object_id in (${objectIds}) order by e.occurred_at, e.id`,
      [t, ids],
    ),
    // the tenant's own event numbers (docs/events.md "Ids a tenant sees"), never the log's internal seq
    events: ids.length
      ? await docs(tx, `select jsonb_build_object('id', tenant_seq, 'subject', subject, 'payload', payload, 'created_at', created_at) as d
                          from events where tenant_id = $1 and payload::text ilike any($2::text[]) order by tenant_seq`, [t, patterns])
      : [],
    audit_entries: ids.length
      ? await docs(tx, `select to_jsonb(a) - 'tenant_id' as d from audit_log a where tenant_id = $1
                          and (resource_id = any($3::text[]) or coalesce(before::text, '') ilike any($2::text[]) or coalesce(after::text, '') ilike any($2::text[]))
                        order by created_at, id`, [t, patterns, ids])
      : [],
  };
}
