/**
 * Payout uploads (docs/reconciliation.md "Uploads"): Amazon's settlement report (V2 flat file, US
 * or European) and Shopify's payout transactions CSV go through the import path like any import
 * (importer.ts: validate the whole file, then write all or nothing in one transaction, as a job when
 * large). Each payout becomes a row of marketplace_settlements (source `import`) with its lines in
 * payout_lines, on the marketplace account the seller chose (`?account_id=`); without one, the
 * tenant's only account of that marketplace, or else an account for uploads the import links
 * (live, paused: no connector ever runs on it).
 *
 * A payout the tenant already has from that marketplace (same settlement / payout id, from the
 * connector or an earlier upload) is left as it is, and the report says so: uploading the same file
 * twice, or a payout the connector already pulled, changes nothing. The payouts are written by the
 * payouts' store (server/api/payouts/store.ts, as the connectors' sync writes them, source `import`),
 * which announces each new one with `marketplaces.settlement_created`: the ledger posts it as a
 * connector's payout and the reconciler (server/api/reconciliation/runner.ts) takes it up.
 */
import type { Tx } from '../../db';
import type { Marketplace } from '../../../contract/orders';
import { MARKETPLACE_EVENTS } from '../../../contract/listings';
import { addCents } from '../../../contract/money';
import type { PulledSettlement } from '../../marketplaces/connector';
import { storePayouts } from '../payouts/store';
import type { ImportQuery } from '../../../contract/imports';
import type { RowError } from '../../domain/csv';
import { parseAmazonSettlement } from '../../domain/settlement-files/amazon-settlement';
import { parseShopifyPayouts } from '../../domain/settlement-files/shopify-payouts';
import { payoutTotals, type ParsedPayout, type PayoutsParse } from '../../domain/settlement-files/lines';
import type { Importer, ImportPlan, WriteCtx } from './importer';
import { reconciliationPermissions } from '../../../contract/modules/reconciliation';

type Kind = Extract<Marketplace, 'amazon' | 'shopify'>;
const LABEL: Record<Kind, string> = { amazon: 'Amazon', shopify: 'Shopify' };

/** The name of the account an upload links when the tenant has none of that marketplace. */
export const uploadsAccountName = (kind: Kind) => `${LABEL[kind]} (uploaded reports)`;

interface Target { id: string | null; name: string }

/** The account the payouts go to, or the row error saying why none fits. */
async function target(tx: Tx, t: string, kind: Kind, accountId: string | undefined): Promise<Target | RowError> {
  if (accountId) {
    const { rows } = await tx.query<{ id: string; kind: string; name: string }>('select id::text as id, kind, name from marketplace_accounts where tenant_id = $1 and id = $2', [t, accountId]);
    if (!rows[0]) return { row: 1, column: 'account_id', reason: 'No such marketplace account' };
    if (rows[0].kind !== kind) return { row: 1, column: 'account_id', reason: `"${rows[0].name}" is a ${rows[0].kind} account; this file is ${LABEL[kind]}'s` };
    return { id: rows[0].id, name: rows[0].name };
  }
  const { rows } = await tx.query<{ id: string; name: string }>('select id::text as id, name from marketplace_accounts where tenant_id = $1 and kind = $2 order by created_at, id limit 2', [t, kind]);
  if (rows.length > 1) return { row: 1, column: 'account_id', reason: `You have several ${LABEL[kind]} accounts: choose the one these payouts belong to` };
  return rows[0] ? { id: rows[0].id, name: rows[0].name } : { id: null, name: uploadsAccountName(kind) };
}

/** The payouts the tenant already has from this marketplace, by id: connector or upload. */
async function known(tx: Tx, t: string, kind: Kind, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const { rows } = await tx.query<{ external_id: string; source: string }>(
    `select s.external_id, s.source from marketplace_settlements s join marketplace_accounts a on a.id = s.marketplace_id
      where s.tenant_id = $1 and a.kind = $2 and s.external_id = any($3::text[])`,
    [t, kind, ids],
  );
  return new Map(rows.map((r) => [r.external_id, r.source]));
}

const dayOf = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/** A parsed payout as the payouts' store takes it (a connector's pull): totals by kind, lines in file order. */
function pulled(p: ParsedPayout): PulledSettlement {
  const tot = payoutTotals(p.lines);
  const sum = (k: string) => p.lines.filter((l) => l.kind === k).reduce((s, l) => addCents(s, l.amountCents), 0);
  const day = dayOf(p.depositDate ?? p.periodEnd);
  return {
    externalId: p.externalId, periodStart: p.periodStart, periodEnd: p.periodEnd, ordersCount: tot.ordersCount,
    grossCents: tot.grossCents, feesCents: tot.feesCents, netCents: p.depositCents,
    refundsCents: -sum('refund'), reserveCents: -(sum('reserve_held') + sum('reserve_released')), adjustmentsCents: sum('adjustment'),
    status: p.status, currency: p.currency, expectedDate: day, receivedDate: p.status === 'paid' ? day : null,
    lines: p.lines.map((l) => ({
      kind: l.kind, feeType: l.feeType, externalOrderId: l.externalOrderId, externalLineId: null, amountCents: l.amountCents,
      currency: p.currency, description: l.description, postedAt: l.postedAt ?? p.periodEnd,
    })),
  };
}

async function plan(tx: Tx, t: string, kind: Kind, parsed: PayoutsParse, query: ImportQuery): Promise<ImportPlan> {
  // one payout upload of this tenant at a time, from the plan to the commit (the plan and the write share
  // the transaction): of two uploads of the same file, the second plans after the first wrote, and says so
  await tx.query(`select pg_advisory_xact_lock(hashtextextended('payout-import:' || $1::text, 0))`, [t]);
  const to = await target(tx, t, kind, query.account_id);
  if ('reason' in to) return { errors: [to], summary: { created: 0, updated: 0, rows: parsed.rowsTotal }, write: async () => undefined };
  const have = await known(tx, t, kind, parsed.payouts.map((p) => p.externalId));
  const fresh = parsed.payouts.filter((p) => !have.has(p.externalId));
  const notes = [
    ...parsed.notes,
    ...parsed.payouts.filter((p) => have.has(p.externalId)).map((p) =>
      `${LABEL[kind]} payout ${p.externalId} is already here (${have.get(p.externalId) === 'connector' ? 'received from the connector' : 'uploaded before'}): nothing changed`),
  ];
  if (fresh.length) notes.unshift(`${fresh.length} payout(s) with ${fresh.reduce((n, p) => n + p.lines.length, 0)} line(s) go to "${to.name}"${to.id ? '' : ' (a new account for uploads)'}`);
  const summary = { created: fresh.length, updated: 0, rows: parsed.rowsTotal, notes };
  return { errors: [], summary, write: (w, onRows) => write(w, kind, to, fresh, summary, onRows) };
}

async function write(w: WriteCtx, kind: Kind, to: Target, payouts: ParsedPayout[], summary: { created: number; rows: number; notes: string[] }, onRows: (n: number) => void): Promise<void> {
  const { tx, auth } = w;
  const t = auth.tenantId;
  let accountId = to.id;
  if (!accountId) {
    const again = await tx.query<{ id: string }>('select id::text as id from marketplace_accounts where tenant_id = $1 and kind = $2 and name = $3 limit 1', [t, kind, to.name]);
    accountId = again.rows[0]?.id ?? null;
    if (!accountId) {
      const { rows } = await tx.query<{ id: string }>(
        `insert into marketplace_accounts (tenant_id, kind, name, mode, status) values ($1, $2, $3, 'live', 'paused') returning id::text as id`, [t, kind, to.name]);
      accountId = rows[0].id;
      await w.emit(MARKETPLACE_EVENTS.linked, { id: accountId, kind, name: to.name, mode: 'live', status: 'paused' });
    }
  }
  // the one path of payouts (server/api/payouts/store.ts): the payout and its lines in one statement,
  // `marketplaces.settlement_created` for each new one, which the ledger posts as a connector's payout
  const stored = await storePayouts(tx, t, { id: accountId, kind }, payouts.map(pulled), 'import');
  const created = stored.filter((p) => p.created).map((p) => p.id);
  onRows(created.length);
  await w.audit({ action: 'payout.import', resource: 'payout', resourceId: null, after: { format: kind === 'amazon' ? 'amazon-settlement' : 'shopify-payouts', account_id: accountId, ...summary, created_ids: created } });
}

function payoutsImporter(kind: Kind, parse: (input: Parameters<Importer['read']>[0], onProgress?: Parameters<Importer['read']>[1]) => Promise<PayoutsParse>, query: ImportQuery = { dry_run: false }): Importer {
  return {
    kind: kind === 'amazon' ? 'amazon-settlement' : 'shopify-payouts',
    // uploading payouts writes the books: the seller's (and the admin's) capital permission, not the agent's (docs/reconciliation.md "Uploads")
    access: reconciliationPermissions.reconciliation.write,
    withQuery: (q) => payoutsImporter(kind, parse, q),
    async read(input, onProgress) {
      const parsed = await parse(input, onProgress);
      return { errors: parsed.errors, rowsTotal: parsed.rowsTotal, plan: (tx, t) => plan(tx, t, kind, parsed, query) };
    },
  };
}

export const amazonSettlementImporter = payoutsImporter('amazon', parseAmazonSettlement);
export const shopifyPayoutsImporter = payoutsImporter('shopify', parseShopifyPayouts);
