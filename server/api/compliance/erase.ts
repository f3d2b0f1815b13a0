/**
 * Erasing a customer (docs/governance.md "Compliance"): in the command's one transaction, their
 * orders locked, then every copy of their names, addresses, email and phone anonymised — the
 * orders (customer, ship-to, email, phone), their labels (ship-to, return labels' ship-from; a label
 * document is drawn from the shipment when asked, so it comes out anonymised), returns, purchase
 * orders' answers and status history, and tenant-wide the event payloads, audit before/after,
 * dead letters, stored idempotent answers, import job reports, alerts, webhook delivery errors and
 * the sandbox marketplace's copy of the order. Amounts, lines and the ledger are not touched (the
 * ledger's entries name orders by id, docs/ledger.md). A second erasure finds no order carrying the
 * email and changes nothing.
 */
import type { Tx } from '../../db';
import type { ErasureRecords } from '../../../contract/compliance';
import { customerOrders, rowPatterns, type CustomerOrders } from './customer-data';
import { objectStore } from '../../storage';
import { compileNeedles, ERASED_NAME, redactValue, type Compiled } from './redact';

type Kind = 'jsonb' | 'text';

interface Target {
  table: string;
  columns: Record<string, Kind>;
  /** rows of the customer's orders (by the column `order_id`, or the one named), else rows anywhere in the tenant whose columns name them */
  byOrder?: boolean | string;
  /** the audit log is append-only; its one escape is this setting (migration 0049, docs/governance.md "Audit log") */
  auditRedaction?: boolean;
}

const TARGETS: Record<Exclude<keyof ErasureRecords, 'orders' | 'exports'> | 'extra', Target[]> = {
  shipments: [{ table: 'shipments', columns: { ship_to: 'jsonb', ship_from_address: 'jsonb', events: 'jsonb' }, byOrder: true }],
  returns: [{ table: 'returns', columns: { note: 'text', reject_reason: 'text', history: 'jsonb' }, byOrder: true }],
  events: [{ table: 'events', columns: { payload: 'jsonb' } }],
  audit_entries: [{ table: 'audit_log', columns: { before: 'jsonb', after: 'jsonb' }, auditRedaction: true }],
  dead_letters: [{ table: 'dlq_entries', columns: { payload: 'jsonb', last_error: 'text' } }],
  stored_answers: [{ table: 'idempotency_keys', columns: { response_body: 'jsonb' } }],
  extra: [
    { table: 'orders', columns: { cancel_reason: 'text', hold_reason: 'text' }, byOrder: 'id' },
    { table: 'purchase_orders', columns: { answers: 'jsonb' }, byOrder: true },
    { table: 'order_status_history', columns: { reason: 'text' }, byOrder: true },
    { table: 'import_jobs', columns: { result: 'jsonb', error: 'jsonb' } },
    { table: 'alerts', columns: { message: 'text', note: 'text' } },
    { table: 'webhook_deliveries', columns: { last_error: 'text' } },
    { table: 'sandbox_orders', columns: { buyer: 'text' } },
  ],
};

/** Anonymises the customer's values in one table's columns; returns how many rows changed. */
export async function redactTable(tx: Tx, tenantId: string, target: Target, c: Compiled, o: CustomerOrders): Promise<number> {
  const cols = Object.keys(target.columns);
  const patterns = rowPatterns(c, []);
  const where = target.byOrder
    ? `${target.byOrder === true ? 'order_id' : target.byOrder} = any($2::text[])`
    : `(${cols.map((k) => `coalesce(${k}::text, '') ilike any($2::text[])`).join(' or ')})`;
  const { rows } = await tx.query<Record<string, unknown>>(
    `select ctid::text as row_ctid, ${cols.join(', ')} from ${target.table} where tenant_id = $1 and ${where}`,
    [tenantId, target.byOrder ? o.ids : patterns],
  );
  let changed = 0;
  if (target.auditRedaction && rows.length) await tx.query(`select set_config('app.audit_redaction', 'on', true)`);
  for (const r of rows) {
    const sets: string[] = [];
    const params: unknown[] = [r.row_ctid];
    for (const k of cols) {
      const before = r[k];
      if (before === null || before === undefined) continue;
      const after = redactValue(before, c);
      if (after === before) continue;
      params.push(target.columns[k] === 'jsonb' ? JSON.stringify(after) : after);
      sets.push(`${k} = $${params.length}${target.columns[k] === 'jsonb' ? '::jsonb' : ''}`);
    }
    if (!sets.length) continue;
    await tx.query(`update ${target.table} set ${sets.join(', ')} where ctid = $1::tid`, params);
    changed += 1;
  }
  if (target.auditRedaction && rows.length) await tx.query(`select set_config('app.audit_redaction', '', true)`);
  return changed;
}

export interface Erasure { orders: number; records: ErasureRecords }

/** Erases the customer known by `email` (lower-cased); all zeros when no order carries it (any more). */
export async function eraseCustomer(tx: Tx, tenantId: string, email: string): Promise<Erasure> {
  const records: ErasureRecords = { orders: 0, returns: 0, shipments: 0, events: 0, audit_entries: 0, dead_letters: 0, stored_answers: 0, exports: 0 };
  const o = await customerOrders(tx, tenantId, email, true);
  if (o.ids.length === 0) return { orders: 0, records };
  const c = compileNeedles(o.values);
  for (const [kind, targets] of Object.entries(TARGETS)) {
    for (const target of targets) {
      const n = await redactTable(tx, tenantId, target, c, o);
      if (kind !== 'extra') records[kind as keyof ErasureRecords] += n;
    }
  }
  // the orders last: their values were the needles above
  const upd = await tx.query(
    `update orders
        set customer_name = case when customer_name is null then null else $3 end,
            ship_to = jsonb_strip_nulls(jsonb_build_object('name', $3::text, 'line1', 'Erased', 'city', 'Erased', 'postal_code', 'Erased',
                                                           'region', ship_to->>'region', 'country', ship_to_country)),
            customer_email = null, customer_phone = null, customer_erased_at = now(), updated_at = now()
      where tenant_id = $1 and id = any($2::text[])`,
    [tenantId, o.ids, ERASED_NAME],
  );
  records.orders = upd.rowCount ?? o.ids.length;
  records.exports = await withdrawExports(tx, tenantId);
  return { orders: records.orders, records };
}

/**
 * Finished export files were written before the erasure and may hold the customer (a tenant export
 * holds every table, an audit export the entries): their files are deleted from the object store and
 * the jobs marked expired, as the expiry sweep does (server/api/exports/sweep.ts). The person makes a
 * new export if they need one.
 */
async function withdrawExports(tx: Tx, tenantId: string): Promise<number> {
  if (!(await tx.query<{ t: string | null }>(`select to_regclass('public.exports')::text as t`)).rows[0]?.t) return 0;
  const { rows } = await tx.query<{ id: string; file_key: string | null }>(
    `select id::text as id, file_key from exports where tenant_id = $1 and status = 'done' for update`, [tenantId],
  );
  if (!rows.length) return 0;
  const store = objectStore(tx, tenantId);
  for (const r of rows) if (r.file_key) await store.delete(r.file_key);
  await tx.query(`update exports set status = 'expired', file_key = null, expires_at = least(expires_at, now()) where tenant_id = $1 and id = any($2::uuid[])`, [tenantId, rows.map((r) => r.id)]);
  return rows.length;
}
