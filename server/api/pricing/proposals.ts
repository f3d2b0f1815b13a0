/**
 * Proposals (docs/repricing.md "Proposals"): the list, and deciding one. Approving re-reads the
 * listing: if anything the proposal was computed from changed (price, cost, MAP, offers, buy box,
 * rule), the proposal has expired (409 proposal_expired) instead of applying a stale price. An
 * approved price (as proposed, or edited within [floor, ceiling]) goes through the listings
 * domain's update path, and the proposal's decision row becomes applied. A bulk decides a slice of
 * proposals set-based (`decideMany`): a few statements for the whole slice, every change of status
 * conditional on the proposal still being pending.
 */
import type { Tx } from '../../db';
import { PRICING_EVENTS, type PriceProposal, type ProposalListQuery } from '../../../contract/pricing';
import { HttpError, notFound } from '../errors';
import { afterHash, applyPrices, evaluateSelection, type Emit, type Evaluation } from './evaluate';

export const PROPOSAL_EXPIRED = 'The proposal has expired: the listing\u2019s price, cost, MAP, offers or rule changed since it was made. Run propose again.';

const COLUMNS = `x.id, x.listing_id, x.decision_id, x.rule_id, l.marketplace_id, m.name as marketplace_name, l.sku, l.title, x.status, x.old_price_cents,
  x.new_price_cents, x.margin_before_cents, x.margin_after_cents, x.floor_cents, x.ceiling_cents, x.reason, x.decided_at, x.decided_by, x.created_at, x.inputs_hash`;
const FROM = 'price_proposals x join listings l on l.id = x.listing_id join marketplace_accounts m on m.id = l.marketplace_id';

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
const numOrNull = (v: unknown) => (v == null ? null : Number(v));

export function mapProposal(r: Record<string, unknown>): PriceProposal {
  return {
    id: String(r.id),
    listing_id: String(r.listing_id),
    decision_id: String(r.decision_id),
    rule_id: (r.rule_id as string | null) ?? null,
    marketplace_id: String(r.marketplace_id),
    marketplace_name: String(r.marketplace_name),
    sku: String(r.sku),
    title: String(r.title),
    status: r.status as PriceProposal['status'],
    old_price_cents: Number(r.old_price_cents),
    new_price_cents: Number(r.new_price_cents),
    margin_before_cents: numOrNull(r.margin_before_cents),
    margin_after_cents: numOrNull(r.margin_after_cents),
    floor_cents: Number(r.floor_cents),
    ceiling_cents: numOrNull(r.ceiling_cents),
    reason: String(r.reason),
    decided_at: iso(r.decided_at),
    decided_by: (r.decided_by as string | null) ?? null,
    created_at: iso(r.created_at)!,
  };
}

const SORTS: Record<ProposalListQuery['sort'], string> = {
  created_at: 'x.created_at',
  margin_impact: 'coalesce(x.margin_after_cents - x.margin_before_cents, 0)',
  change: 'abs(x.new_price_cents - x.old_price_cents)',
  sku: 'l.sku',
};

function filters(tenantId: string, q: { status?: string; marketplace_id?: string; listing_id?: string; margin_impact?: 'down' | 'up'; ids?: string[] }) {
  const where = ['x.tenant_id = $1'];
  const args: unknown[] = [tenantId];
  const add = (sql: string, v: unknown) => {
    args.push(v);
    where.push(sql.replace('?', `$${args.length}`));
  };
  if (q.status) add('x.status = ?', q.status);
  if (q.marketplace_id) add('l.marketplace_id = ?', q.marketplace_id);
  if (q.listing_id) add('x.listing_id = ?', q.listing_id);
  if (q.ids) add('x.id = any(?::uuid[])', q.ids);
  if (q.margin_impact === 'down') where.push('x.margin_after_cents < x.margin_before_cents');
  if (q.margin_impact === 'up') where.push('x.margin_after_cents > x.margin_before_cents');
  return { where: where.join(' and '), args };
}

export async function listProposals(tx: Tx, tenantId: string, q: ProposalListQuery): Promise<{ rows: PriceProposal[]; total: number }> {
  const f = filters(tenantId, q);
  const dir = q.order === 'asc' ? 'asc' : 'desc';
  const { rows } = await tx.query<Record<string, unknown>>(
    `select ${COLUMNS}, count(*) over () as total from ${FROM} where ${f.where}
      order by ${SORTS[q.sort]} ${dir}, x.id ${dir} limit ${q.limit} offset ${q.offset}`,
    f.args,
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && q.offset > 0) total = Number((await tx.query<{ n: number }>(`select count(*)::int as n from ${FROM} where ${f.where}`, f.args)).rows[0].n);
  return { rows: rows.map(mapProposal), total };
}

export async function pendingIds(tx: Tx, tenantId: string, filter: { marketplace_id?: string; margin_impact?: 'down' | 'up' }): Promise<string[]> {
  const f = filters(tenantId, { ...filter, status: 'pending' });
  const { rows } = await tx.query<{ id: string }>(`select x.id from ${FROM} where ${f.where} order by x.created_at, x.id limit 10000`, f.args);
  return rows.map((r) => r.id);
}

export async function getProposal(tx: Tx, tenantId: string, id: string): Promise<(PriceProposal & { inputs_hash: string }) | null> {
  const { rows } = await tx.query<Record<string, unknown>>(`select ${COLUMNS} from ${FROM} where x.tenant_id = $1 and x.id = $2`, [tenantId, id]);
  return rows[0] ? { ...mapProposal(rows[0]), inputs_hash: String(rows[0].inputs_hash) } : null;
}

const notPending = (status: string) => new HttpError(409, 'proposal_decided', `This proposal is already ${status}`);

/** What a refusal of an expired proposal names: the pending proposal that replaced it for the same listing. */
export interface Replacement { replaced_by: string; new_price_cents: number }

/** The pending proposal of each of these listings, if any (one per listing: a newer one supersedes or refreshes it). */
export async function replacements(tx: Tx, tenantId: string, listingIds: readonly string[]): Promise<Map<string, Replacement>> {
  const out = new Map<string, Replacement>();
  if (listingIds.length === 0) return out;
  const { rows } = await tx.query<{ id: string; listing_id: string; new_price_cents: number }>(
    `select distinct on (listing_id) id, listing_id, new_price_cents from price_proposals
      where tenant_id = $1 and listing_id = any($2::uuid[]) and status = 'pending' order by listing_id, created_at desc, id`,
    [tenantId, [...new Set(listingIds)]],
  );
  for (const r of rows) out.set(String(r.listing_id), { replaced_by: String(r.id), new_price_cents: Number(r.new_price_cents) });
  return out;
}

/** The refusal of a decided proposal; an expired one names its replacement when there is one (`details`). */
function decidedError(status: string, replacement?: Replacement): { code: string; message: string; details?: Replacement } {
  if (status === 'expired' && replacement) {
    return { code: 'proposal_decided', message: `This proposal is already expired: a newer proposal ($${(replacement.new_price_cents / 100).toFixed(2)}) replaced it`, details: replacement };
  }
  return { code: 'proposal_decided', message: notPending(status).message };
}

export async function decideProposal(
  tx: Tx,
  tenantId: string,
  id: string,
  action: 'approve' | 'reject',
  o: { actor: string; emit: Emit; priceCents?: number },
): Promise<PriceProposal> {
  const locked = await tx.query<{ status: string }>('select status from price_proposals where tenant_id = $1 and id = $2 for update', [tenantId, id]);
  if (!locked.rows[0]) throw notFound('Proposal');
  const p = (await getProposal(tx, tenantId, id))!;
  if (p.status !== 'pending') {
    const replaced = p.status === 'expired' ? (await replacements(tx, tenantId, [p.listing_id])).get(p.listing_id) : undefined;
    const e = decidedError(p.status, replaced);
    throw new HttpError(409, e.code, e.message, e.details);
  }
  if (action === 'reject') {
    await tx.query(`update price_proposals set status = 'rejected', decided_at = now(), decided_by = $3 where tenant_id = $1 and id = $2`, [tenantId, id, o.actor]);
  } else {
    // the inputs now, under the rule that governs the listing now
    const [now] = await evaluateSelection(tx, tenantId, { listingIds: [p.listing_id] });
    if (!now || now.hash !== p.inputs_hash) {
      await tx.query(`update price_proposals set status = 'expired', decided_at = now() where tenant_id = $1 and id = $2`, [tenantId, id]);
      await o.emit(PRICING_EVENTS.proposalDecided, { id, status: 'expired' });
      return { ...p, status: 'expired' };
    }
    const price = o.priceCents ?? p.new_price_cents;
    const ceiling = p.ceiling_cents == null ? null : Math.max(p.ceiling_cents, p.floor_cents);
    if (price < p.floor_cents || (ceiling != null && price > ceiling)) {
      const message = `The price must be between the floor $${(p.floor_cents / 100).toFixed(2)}${ceiling != null ? ` and the ceiling $${(ceiling / 100).toFixed(2)}` : ''}`;
      throw new HttpError(400, 'validation_failed', message, [{ field: 'price_cents', message, code: 'out_of_bounds' }]);
    }
    const reason = price === p.new_price_cents ? p.reason : `${p.reason} (approved at $${(price / 100).toFixed(2)})`;
    await applyPrices(tx, tenantId, [{ listingId: p.listing_id, price, reason: `approved: ${reason}` }], o.actor, o.emit);
    await tx.query(`update price_decisions set applied = true, new_price_cents = $3 where tenant_id = $1 and id = $2`, [tenantId, p.decision_id, price]);
    await tx.query(
      `update price_proposals set status = 'applied', new_price_cents = $3, decided_at = now(), decided_by = $4 where tenant_id = $1 and id = $2`,
      [tenantId, id, price, o.actor],
    );
    await tx.query(`update pricing_listing_state set last_change_at = now(), inputs_hash = $2 where listing_id = $1`, [p.listing_id, afterHash(now, price)]);
  }
  const after = (await getProposal(tx, tenantId, id))!;
  await o.emit(PRICING_EVENTS.proposalDecided, { id, status: after.status, listing_id: after.listing_id, new_price_cents: after.new_price_cents });
  return after;
}

/** One proposal's outcome in a bulk (contract/pricing.ts `bulkProposalsAnswer`). */
export interface BulkItem { id: string; ok: boolean; error?: { code: string; message: string; details?: Replacement } }

const failed = (id: string, code: string, message: string): BulkItem => ({ id, ok: false, error: { code, message } });

/**
 * Decides a slice of proposals (distinct ids) in a few statements, as `decideProposal` decides one:
 * an approval re-reads the listings and expires the proposals whose inputs changed, applies the rest
 * through the listings domain's update path (one statement for the slice), marks their decisions
 * applied and moves the repricer's memory on; one `pricing.proposal_decided` per proposal, one
 * `listings.changed` per changed listing. The proposals are locked in id order, and every change of
 * status is `… where id = any($) and status = 'pending' returning …`: of two bulks over the same
 * proposals, the second finds them decided and reports so, and only what a statement returned is
 * applied and announced.
 */
export async function decideMany(
  tx: Tx,
  tenantId: string,
  ids: readonly string[],
  action: 'approve' | 'reject',
  o: { actor: string; emit: Emit },
): Promise<Map<string, BulkItem>> {
  const out = new Map<string, BulkItem>();
  const { rows } = await tx.query<{ id: string; listing_id: string; decision_id: string; status: string; new_price_cents: number; floor_cents: number; ceiling_cents: number | null; reason: string; inputs_hash: string }>(
    `select id, listing_id, decision_id, status, new_price_cents, floor_cents, ceiling_cents, reason, inputs_hash
       from price_proposals where tenant_id = $1 and id = any($2::uuid[]) order by id for update`,
    [tenantId, ids],
  );
  const found = new Map(rows.map((r) => [String(r.id), r]));
  const pending: typeof rows = [];
  // an expired proposal answers with the pending one that replaced it, when there is one
  const replaced = await replacements(tx, tenantId, rows.filter((r) => r.status === 'expired').map((r) => String(r.listing_id)));
  for (const id of ids) {
    const p = found.get(id);
    if (!p) out.set(id, failed(id, 'not_found', 'Proposal not found'));
    else if (p.status !== 'pending') out.set(id, { id, ok: false, error: decidedError(p.status, replaced.get(String(p.listing_id))) });
    else pending.push(p);
  }
  if (pending.length === 0) return out;

  if (action === 'reject') {
    const done = await tx.query<{ id: string; listing_id: string; new_price_cents: number }>(
      `update price_proposals set status = 'rejected', decided_at = now(), decided_by = $3
        where tenant_id = $1 and id = any($2::uuid[]) and status = 'pending' returning id, listing_id, new_price_cents`,
      [tenantId, pending.map((p) => p.id), o.actor],
    );
    for (const r of done.rows) {
      out.set(String(r.id), { id: String(r.id), ok: true });
      await o.emit(PRICING_EVENTS.proposalDecided, { id: String(r.id), status: 'rejected', listing_id: String(r.listing_id), new_price_cents: Number(r.new_price_cents) });
    }
    return settleRest(tx, tenantId, pending, out);
  }

  // the inputs now, under the rules that govern the listings now
  const evals = await evaluateSelection(tx, tenantId, { listingIds: [...new Set(pending.map((p) => String(p.listing_id)))] });
  const now = new Map(evals.map((e) => [e.listing.id, e]));
  const apply: { p: (typeof rows)[number]; e: Evaluation }[] = [];
  const expire: string[] = [];
  const taken = new Set<string>();
  for (const p of pending) {
    const e = now.get(String(p.listing_id));
    // a second proposal of one listing in the same bulk finds the price the first one set: stale
    if (!e || e.hash !== p.inputs_hash || taken.has(e.listing.id)) {
      expire.push(p.id);
      continue;
    }
    const price = Number(p.new_price_cents);
    const floor = Number(p.floor_cents);
    const ceiling = p.ceiling_cents == null ? null : Math.max(Number(p.ceiling_cents), floor);
    if (price < floor || (ceiling != null && price > ceiling)) {
      out.set(p.id, failed(p.id, 'validation_failed', `The price must be between the floor $${(floor / 100).toFixed(2)}${ceiling != null ? ` and the ceiling $${(ceiling / 100).toFixed(2)}` : ''}`));
      continue;
    }
    taken.add(e.listing.id);
    apply.push({ p, e });
  }

  if (apply.length) {
    const claimed = await tx.query<{ id: string }>(
      `update price_proposals x set status = 'applied', decided_at = now(), decided_by = $3
        where x.tenant_id = $1 and x.id = any($2::uuid[]) and x.status = 'pending' returning x.id`,
      [tenantId, apply.map((a) => a.p.id), o.actor],
    );
    const mine = new Set(claimed.rows.map((r) => String(r.id)));
    const applied = apply.filter((a) => mine.has(a.p.id));
    if (applied.length) {
      // the listings in id order, as the push consumer locks them: two writers never wait on each other in a circle
      await tx.query('select 1 from listings where tenant_id = $1 and id = any($2::uuid[]) order by id for update', [tenantId, applied.map((a) => a.e.listing.id)]);
      await applyPrices(tx, tenantId, applied.map((a) => ({ listingId: a.e.listing.id, price: Number(a.p.new_price_cents), reason: `approved: ${a.p.reason}` })), o.actor, o.emit);
      await tx.query(
        `update price_decisions d set applied = true, new_price_cents = u.p from unnest($2::bigint[], $3::int[]) as u(id, p) where d.tenant_id = $1 and d.id = u.id`,
        [tenantId, applied.map((a) => a.p.decision_id), applied.map((a) => Number(a.p.new_price_cents))],
      );
      await tx.query(
        `update pricing_listing_state s set last_change_at = now(), inputs_hash = u.h from unnest($2::uuid[], $3::text[]) as u(id, h) where s.tenant_id = $1 and s.listing_id = u.id`,
        [tenantId, applied.map((a) => a.e.listing.id), applied.map((a) => afterHash(a.e, Number(a.p.new_price_cents)))],
      );
      for (const a of applied) {
        out.set(a.p.id, { id: a.p.id, ok: true });
        await o.emit(PRICING_EVENTS.proposalDecided, { id: a.p.id, status: 'applied', listing_id: a.e.listing.id, new_price_cents: Number(a.p.new_price_cents) });
      }
    }
  }
  if (expire.length) {
    const gone = await tx.query<{ id: string }>(
      `update price_proposals set status = 'expired', decided_at = now() where tenant_id = $1 and id = any($2::uuid[]) and status = 'pending' returning id`,
      [tenantId, expire],
    );
    for (const r of gone.rows) {
      out.set(String(r.id), failed(String(r.id), 'proposal_expired', PROPOSAL_EXPIRED));
      await o.emit(PRICING_EVENTS.proposalDecided, { id: String(r.id), status: 'expired' });
    }
  }
  return settleRest(tx, tenantId, pending, out);
}

/** Pending proposals a conditional update did not return were decided by someone else meanwhile: say what they are now. */
async function settleRest(tx: Tx, tenantId: string, pending: readonly { id: string }[], out: Map<string, BulkItem>): Promise<Map<string, BulkItem>> {
  const rest = pending.filter((p) => !out.has(p.id)).map((p) => p.id);
  if (rest.length === 0) return out;
  const { rows } = await tx.query<{ id: string; status: string }>('select id, status from price_proposals where tenant_id = $1 and id = any($2::uuid[])', [tenantId, rest]);
  const status = new Map(rows.map((r) => [String(r.id), r.status]));
  for (const id of rest) out.set(id, failed(id, 'proposal_decided', notPending(status.get(id) ?? 'decided').message));
  return out;
}
