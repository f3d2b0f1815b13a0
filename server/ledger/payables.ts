/**
 * Paying suppliers and carriers (docs/ledger.md "Paying suppliers and carriers", docs/decisions.md
 * "Suppliers and carriers are paid weekly"): every Monday 00:00 UTC each tenant pays, from cash,
 * what its supplier and shipping payables held before that instant (the suppliers' invoices of the
 * purchase orders placed, the carriers' of the labels bought, less what was reversed, voided or
 * already paid): one `supplier_payment` and one `carrier_payment` entry per week, dated at the
 * cutoff, keyed by it (a run repeated, or run by two processes, pays once). Balances are read from
 * the postings, never a counter.
 *
 * A timer in the server runs it (hourly by default, `PAYABLES_RUN_MS`; off under the test runner,
 * 0 = off): the payment of a week is written by the first run after its Monday. Never in a request.
 */
import type { Db, Tx } from '../db';
import { LEDGER_ACCOUNTS as A } from '../../contract/ledger';
import { DEFAULT_CURRENCY } from '../../contract/money';
import { payableRunEntry } from '../domain/ledger/journal';
import { startPeriodic } from '../periodic';
import { writeEntries } from './poster';

/** The most recent Monday 00:00 UTC at or before `now` (ISO). */
export function lastCutoff(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const back = (d.getUTCDay() + 6) % 7; // days since Monday
  return new Date(d.getTime() - back * 86_400_000).toISOString();
}

/** Pays tenant `tenantId`'s payables as of the last cutoff before `now`; answers the entries written (0 when already paid). */
export async function payPayables(tx: Tx, tenantId: string, now: Date = new Date()): Promise<number> {
  const cutoff = lastCutoff(now);
  const { rows } = await tx.query<{ account: string; balance: string | number }>(
    `select account, sum(amount_cents) as balance from ledger_postings
      where tenant_id = $1 and account = any($2::text[]) and currency = $3 and occurred_at < $4::timestamptz
      group by account`,
    [tenantId, [A.supplierPayable.code, A.shippingPayable.code], DEFAULT_CURRENCY, cutoff],
  );
  const balance = (code: string) => Number(rows.find((r) => r.account === code)?.balance ?? 0);
  return writeEntries(tx, tenantId, [
    payableRunEntry({ payee: 'supplier', cutoff, balanceCents: balance(A.supplierPayable.code), tenantId }),
    payableRunEntry({ payee: 'carrier', cutoff, balanceCents: balance(A.shippingPayable.code), tenantId }),
  ].flatMap((e) => (e ? [e] : [])));
}

export function payablesRunMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PAYABLES_RUN_MS;
  if (raw !== undefined && raw !== '') return Math.max(0, Number(raw) || 0);
  return env.VITEST ? 0 : 3_600_000;
}

/** Every tenant whose books have a payable, one transaction each. */
export async function payAllTenants(db: Db, now: Date = new Date()): Promise<number> {
  const tenants = await db.query<{ id: string }>('select id::text as id from tenants order by id');
  let written = 0;
  for (const t of tenants.rows) written += await db.transaction((tx) => payPayables(tx, t.id, now), { tenantId: t.id });
  return written;
}

/** Starts the weekly payment run's timer; answers its stop function. */
export function startPayablesRun(db: Db, everyMs: number, onError: (e: unknown) => void): () => Promise<void> {
  return startPeriodic(everyMs, () => payAllTenants(db), onError);
}
