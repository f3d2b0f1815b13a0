/**
 * One repricing pass over a selection of listings (docs/repricing.md "Repricer"): the engine decides
 * for each listing under its governing rule; `record` writes a decision row for each, then applies
 * the price (auto mode: through the listings domain's update path, which the push consumer sends
 * through the connector) or creates a proposal (proposals mode; an older pending one of the listing
 * expires). A dry run (`preview`, `summarise`) reads and writes nothing.
 */
import type { Tx } from '../../db';
import type { Emit } from '../../events/outbox';
import { LISTING_EVENTS } from '../../../contract/listings';
import { PRICING_EVENTS } from '../../../contract/pricing';
import { decide, FloorUnreachable, marginCents, type Decision, type DecisionFlags } from '../../domain/repricing';
import { applyChanges, currentListings } from '../listings/write';
import { plainArray, textArray } from '../../db/arrays';
import { engineInput, feeOf, inputsHash, loadInputs, ownSellers, type ListingInputs, type Selection } from './inputs';
import { engineRule, loadRules, rankRules, ruleFor, type RuleRow } from './rules';

export interface Evaluation { listing: ListingInputs; rule: RuleRow; decision: Decision; hash: string }

/** How the repricer writes its events: a command's `ctx.emit`, or straight into the consumer's transaction. */
export type { Emit };

/**
 * Decides for each listing under its governing rule (listings no rule covers are skipped). `keep`
 * sees each listing's fingerprint before anything is decided: the repricer passes over a listing
 * whose inputs have not changed without deciding it (docs/repricing.md "Repricer").
 */
export function evaluate(listings: readonly ListingInputs[], rules: readonly RuleRow[], own: Set<string>, now: Date, keep?: (l: ListingInputs, hash: string) => boolean): Evaluation[] {
  const ranked = rankRules(rules);
  const engineRules = new Map(ranked.map((r) => [r, engineRule(r)]));
  const out: Evaluation[] = [];
  for (const l of listings) {
    const rule = ruleFor(ranked, l);
    if (!rule) continue;
    const hash = inputsHash(l, rule);
    if (keep && !keep(l, hash)) continue;
    try {
      out.push({ listing: l, rule, decision: decide(engineInput(l, rule, own, now, engineRules.get(rule))), hash });
    } catch (e) {
      // a rule whose fee + margin reach 100 % prices nothing (refused on save; kept safe here too)
      if (!(e instanceof FloorUnreachable)) throw e;
    }
  }
  return out;
}

export async function evaluateSelection(tx: Tx, tenantId: string, sel: Selection, now = new Date(), o: { rules?: RuleRow[]; keep?: (l: ListingInputs, hash: string) => boolean } = {}): Promise<Evaluation[]> {
  // one after another: a transaction is one connection, and pg refuses overlapping queries on it
  const listings = await loadInputs(tx, tenantId, sel);
  const allRules = o.rules ?? (await loadRules(tx, tenantId));
  const own = await ownSellers(tx, tenantId);
  return evaluate(listings, allRules, own, now, o.keep);
}

export interface Summary { listings: number; down: number; up: number; unchanged: number; at_floor: number; floor_above_ceiling: number }

export function summarise(evals: readonly Evaluation[]): Summary {
  const s: Summary = { listings: evals.length, down: 0, up: 0, unchanged: 0, at_floor: 0, floor_above_ceiling: 0 };
  for (const e of evals) {
    const d = e.decision;
    if (d.new_price_cents == null) s.unchanged += 1;
    else if (d.new_price_cents < d.old_price_cents) s.down += 1;
    else s.up += 1;
    if (d.flags.at_floor) s.at_floor += 1;
    if (d.flags.floor_above_ceiling) s.floor_above_ceiling += 1;
  }
  return s;
}

export function summarySentence(s: Summary): string {
  return `With today's offers this rule would price ${s.listings} listing${s.listings === 1 ? '' : 's'}: ${s.down} down, ${s.up} up, ${s.unchanged} unchanged; ${s.at_floor} at floor`;
}

/** The inputs fingerprint once `price` is the listing's price. */
export function afterHash(e: Evaluation, price: number): string {
  return inputsHash({ ...e.listing, price_cents: price }, e.rule);
}

export function margins(e: Evaluation, price: number) {
  const fee = feeOf(e.listing.kind, e.listing.fee_schedule);
  return marginCents(price, e.listing.cost_cents, e.rule.shipping_cents, fee.rateBp, fee.fixed);
}

/**
 * A decision's flags travel as one integer, a bit per flag in `FLAG_NAMES` order, and the statement
 * builds the stored object: no JSON text to escape on the way out and to parse on the way in.
 */
const FLAG_NAMES = ['at_floor', 'at_ceiling', 'floor_above_ceiling', 'max_change_limited', 'too_soon', 'missing_cost'] as const satisfies readonly (keyof DecisionFlags)[];
const FLAGS_JSON = `jsonb_build_object(${FLAG_NAMES.map((f, i) => `'${f}', u.fl & ${1 << i} <> 0`).join(', ')})`;

function flagBits(flags: DecisionFlags): number {
  let bits = 0;
  for (let i = 0; i < FLAG_NAMES.length; i++) if (flags[FLAG_NAMES[i]]) bits |= 1 << i;
  return bits;
}

/** `proposals`: the pending proposal of each listing proposed in this pass, new or `kept` (an identical older one refreshed). */
export interface RecordResult { decisions: number; applied: string[]; proposals: string[]; kept: string[] }

/**
 * The listings whose pending proposal proposes the same move as this pass (same rule, old and new
 * price): listing id → that proposal, locked, to be refreshed instead of superseded.
 */
async function keptProposals(tx: Tx, tenantId: string, proposing: readonly Evaluation[]): Promise<Map<string, string>> {
  const kept = new Map<string, string>();
  const ids = proposing.flatMap((e) => (e.listing.pending_proposal_id ? [e.listing.pending_proposal_id] : []));
  if (ids.length === 0) return kept;
  const { rows } = await tx.query<{ id: string; listing_id: string; rule_id: string | null; old_price_cents: number; new_price_cents: number }>(
    `select id, listing_id, rule_id, old_price_cents, new_price_cents from price_proposals
      where tenant_id = $1 and id = any($2::uuid[]) and status = 'pending' order by id for update`,
    [tenantId, ids],
  );
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  for (const e of proposing) {
    const r = e.listing.pending_proposal_id ? byId.get(e.listing.pending_proposal_id) : undefined;
    if (r && String(r.listing_id) === e.listing.id && r.rule_id === e.rule.id && Number(r.old_price_cents) === e.decision.old_price_cents && Number(r.new_price_cents) === e.decision.new_price_cents) {
      kept.set(e.listing.id, String(r.id));
    }
  }
  return kept;
}

/**
 * Writes the decisions of `evals` (one multi-row insert), then applies or proposes the changes.
 * `mode` forces proposals (the propose command) or follows each rule's mode.
 */
export async function record(tx: Tx, tenantId: string, evals: readonly Evaluation[], o: { trigger: string; actor: string; emit: Emit; mode: 'rule' | 'proposals' }): Promise<RecordResult> {
  const res: RecordResult = { decisions: 0, applied: [], proposals: [], kept: [] };
  if (evals.length === 0) return res;
  const auto = (e: Evaluation) => o.mode === 'rule' && e.rule.mode === 'auto' && e.decision.new_price_cents != null;
  const propose = (e: Evaluation) => !auto(e) && e.decision.new_price_cents != null;
  // proposals mode: one pending proposal per listing. An older pending one proposing the same move
  // (same rule, same old and new price) is kept and refreshed: it takes the new decision, fingerprint,
  // margins, bounds and sentence, so a market that ticks without changing the answer makes no new
  // row. Any other older pending one is superseded: expired (docs/repricing.md "Proposals")
  const kept = await keptProposals(tx, tenantId, evals.filter(propose));
  const superseded = evals.flatMap((e) => (propose(e) && e.listing.pending_proposal_id && !kept.has(e.listing.id) ? [e.listing.pending_proposal_id] : []));
  if (superseded.length) {
    await tx.query(`update price_proposals set status = 'expired', decided_at = now() where tenant_id = $1 and id = any($2::uuid[]) and status = 'pending'`, [tenantId, superseded]);
  }
  // the decisions, the proposals made of them and the repricer's memory in one statement: a proposal
  // repeats its decision's listing, rule, prices, bounds, sentence and fingerprint, so only its
  // margins are sent besides; a page's few rules travel once, each row naming its rule by position.
  // One pass over the page builds every column (array literals written directly: docs/performance.md
  // "Repricing")
  const n = evals.length;
  const ruleIds: string[] = [];
  const ruleIndex = new Map<string, number>();
  const col = { l: new Array<string>(n), ri: new Array<number>(n), o: new Array<number>(n), nw: new Array<number | null>(n), s: new Array<string>(n), sc: new Array<string>(n),
    f: new Array<number>(n), c: new Array<number | null>(n), cp: new Array<string>(n), bb: new Array<string | null>(n), fl: new Array<number>(n), re: new Array<string>(n),
    a: new Array<boolean>(n), h: new Array<string>(n), ah: new Array<string | null>(n), pr: new Array<boolean>(n), mb: new Array<number | null>(n), ma: new Array<number | null>(n),
    kp: new Array<string | null>(n) };
  for (let i = 0; i < n; i++) {
    const e = evals[i];
    const d = e.decision;
    const isAuto = auto(e);
    const isProposal = propose(e);
    let ri = ruleIndex.get(e.rule.id);
    if (ri === undefined) ruleIndex.set(e.rule.id, (ri = ruleIds.push(e.rule.id)));
    col.l[i] = e.listing.id; col.ri[i] = ri; col.o[i] = d.old_price_cents; col.nw[i] = d.new_price_cents; col.s[i] = d.strategy; col.sc[i] = d.scenario;
    col.f[i] = d.floor_cents; col.c[i] = d.ceiling_cents; col.bb[i] = e.listing.buy_box_owner; col.fl[i] = flagBits(d.flags); col.re[i] = d.reason;
    col.cp[i] = JSON.stringify(e.listing.offers.map((x) => ({ seller: x.seller, price_cents: x.price_cents + (x.shipping_cents ?? 0) })));
    const keep = isProposal ? (kept.get(e.listing.id) ?? null) : null;
    col.a[i] = isAuto; col.h[i] = e.hash; col.pr[i] = isProposal && keep === null; col.kp[i] = keep;
    // an applied price is part of the inputs: the memory keeps them as they are after the change
    col.ah[i] = isAuto ? afterHash(e, d.new_price_cents!) : null;
    col.mb[i] = isProposal ? margins(e, d.old_price_cents) : null;
    col.ma[i] = isProposal ? margins(e, d.new_price_cents!) : null;
  }
  // the memory: these inputs were seen; an applied change starts the minimum interval; a new
  // proposal is the listing's pending one (a kept one stays it)
  const { rows } = await tx.query<{ listing_id: string; id: string }>(
    `with u as materialized (
       select * from unnest($4::uuid[], $5::int[], $6::int[], $7::int[], $8::text[], $9::text[], $10::int[], $11::int[], $12::jsonb[], $13::text[], $14::int[], $15::text[], $16::bool[], $17::text[],
                            $18::text[], $19::bool[], $20::int[], $21::int[], $22::uuid[])
         with ordinality as u(l, ri, o, n, s, sc, f, c, cp, bb, fl, re, a, h, ah, pr, mb, ma, kp, ord)),
     d as (
       insert into price_decisions (tenant_id, listing_id, rule_id, old_price_cents, new_price_cents, strategy, scenario, floor_cents, ceiling_cents,
                                    competitor_prices, buy_box_owner, flags, reason, applied, trigger, inputs_hash)
       select $1, u.l, ($3::uuid[])[u.ri], u.o, u.n, u.s, u.sc, u.f, u.c, u.cp, u.bb, ${FLAGS_JSON}, u.re, u.a, $2, u.h from u order by u.ord
       returning id, listing_id),
     p as (
       insert into price_proposals (tenant_id, listing_id, decision_id, rule_id, old_price_cents, new_price_cents, margin_before_cents, margin_after_cents,
                                    floor_cents, ceiling_cents, reason, inputs_hash)
       select $1, u.l, d.id, ($3::uuid[])[u.ri], u.o, u.n, u.mb, u.ma, u.f, u.c, u.re, u.h from u join d on d.listing_id = u.l where u.pr order by u.ord
       returning id, listing_id),
     k as (
       update price_proposals x set decision_id = d.id, inputs_hash = u.h, margin_before_cents = u.mb, margin_after_cents = u.ma, floor_cents = u.f,
                                    ceiling_cents = u.c, reason = u.re
         from u join d on d.listing_id = u.l where u.kp is not null and x.tenant_id = $1 and x.id = u.kp and x.status = 'pending'),
     s as (
       insert into pricing_listing_state (listing_id, tenant_id, inputs_hash, last_scenario, last_change_at, evaluated_at, pending_proposal_id)
       select u.l, $1, coalesce(u.ah, u.h), u.sc, case when u.a then now() else null end, now(), p.id from u left join p on p.listing_id = u.l
       on conflict (listing_id) do update set inputs_hash = excluded.inputs_hash, last_scenario = excluded.last_scenario, evaluated_at = now(),
         last_change_at = coalesce(excluded.last_change_at, pricing_listing_state.last_change_at),
         pending_proposal_id = coalesce(excluded.pending_proposal_id, pricing_listing_state.pending_proposal_id))
     select p.listing_id, p.id from p`,
    [
      tenantId, o.trigger, plainArray(ruleIds),
      plainArray(col.l), plainArray(col.ri), plainArray(col.o), plainArray(col.nw), textArray(col.s), textArray(col.sc), plainArray(col.f), plainArray(col.c),
      textArray(col.cp), textArray(col.bb), plainArray(col.fl), textArray(col.re), plainArray(col.a), textArray(col.h), textArray(col.ah), plainArray(col.pr), plainArray(col.mb), plainArray(col.ma), plainArray(col.kp),
    ],
  );
  res.decisions = n;
  const proposed = new Map(rows.map((r) => [String(r.listing_id), String(r.id)] as const));

  // auto mode: the new price through the listings domain's update path (history line, sync pending)
  const toApply = evals.filter(auto);
  if (toApply.length) {
    res.applied = await applyPrices(tx, tenantId, toApply.map((e) => ({ listingId: e.listing.id, price: e.decision.new_price_cents!, reason: e.decision.reason })), o.actor, o.emit);
  }

  const toPropose = evals.filter(propose);
  if (toPropose.length) {
    res.proposals = toPropose.map((e) => proposed.get(e.listing.id) ?? kept.get(e.listing.id)!);
    res.kept = [...kept.values()];
    const created = toPropose.filter((e) => !kept.has(e.listing.id));
    if (created.length) await o.emit(PRICING_EVENTS.proposalCreated, { count: created.length, listing_ids: created.map((e) => e.listing.id).slice(0, 100) });
  }

  return res;
}

/**
 * Sets listing prices through the listings domain (its history line, sync pending) and emits
 * `listings.changed` so the push consumer sends them through the connector; a refusal lands in the
 * listing's state there. Returns the ids changed.
 */
export async function applyPrices(tx: Tx, tenantId: string, items: { listingId: string; price: number; reason: string }[], actor: string, emit: Emit): Promise<string[]> {
  const cur = await currentListings(tx, tenantId, items.map((i) => i.listingId));
  const byId = new Map(cur.map((c) => [c.id, c]));
  const changes = items.flatMap((i) => {
    const c = byId.get(i.listingId);
    if (!c || c.price_cents === i.price) return [];
    const message = `Repriced $${(c.price_cents / 100).toFixed(2)} → $${(i.price / 100).toFixed(2)}: ${i.reason}`;
    return [{ id: c.id, title: c.title, price_cents: i.price, quantity_rule: c.quantity_rule, status: c.status, stock: c.stock, message }];
  });
  await applyChanges(tx, tenantId, changes, actor);
  for (const c of changes) await emit(LISTING_EVENTS.changed, { id: c.id, action: 'update_price', source: 'repricer' });
  return changes.map((c) => c.id);
}
