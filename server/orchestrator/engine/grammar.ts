/**
 * The embedded engine's grammar (docs/orchestrator.md "The embedded engine"): ordered rules, each a
 * trigger over the normalized request and a slot filler building the tool's input. The first rule
 * whose trigger matches decides; a rule missing a required slot asks for it instead.
 */
import * as s from './slots';

export type Match = { tool: string; input: Record<string, unknown> } | { ask: string };
export interface Rule {
  /** Tried in order; the first match wins. */
  when: RegExp;
  unless?: RegExp;
  fill(t: string, raw: string, now: Date): Match | null;
}

const clean = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

const LISTING = /\blistings?\b|\bmap\b|\bviolat/;
const PRICE_WORDS = /\b(price|pricing|proposals?|repric\w*)\b/;
const FAILED = /\b(failed|failing|failures?|dead[- ]?letter(?:ed|s)?|dlq|stuck messages?|errored)\b/;

const dlqFilter = (t: string, now: Date) => {
  const d = s.dates(t, now);
  return clean({ consumer: s.oneOf(t, s.CONSUMER_WORDS), since: d.from });
};

/** "supplier Acme Supply", "Acme Supply's score", "score of Acme" → "Acme Supply". */
function supplierName(raw: string): string | undefined {
  const r = raw.trim().replace(/[?!.]+$/, '');
  const patterns = [
    /\b(?:score|rating|performance|scorecard)\s+(?:of|for)\s+(?:the\s+)?(?:supplier\s+)?["']?(.+?)["']?$/i,
    /\bsupplier\s+["']?(.+?)["']?(?:'s)?\s+(?:score|rating|performance|doing|performing|rated|scored)\b/i,
    /\bhow\s+(?:good|reliable|is)\s+(?:is\s+)?(?:supplier\s+)?["']?(.+?)["']?(?:\s+doing|\s+performing)?$/i,
    /^(?:why\s+(?:is|does|did)\s+)?["']?(.+?)["']?'s\s+(?:supplier\s+)?(?:score|rating|performance)\b/i,
    /\bsupplier\s+["']?(.+?)["']?$/i,
  ];
  for (const p of patterns) {
    const m = p.exec(r);
    if (m) {
      const name = m[1].replace(/^(?:the|our|my)\s+/i, '').replace(/\s+(?:supplier|score|scored|low|high)$/i, '').trim();
      if (name && !/^(?:s|score|scores|suppliers?)$/i.test(name)) return name;
    }
  }
  return undefined;
}

export const RULES: Rule[] = [
  // ---- writes on one order
  {
    when: /^(?:please\s+)?(?:hold|put)\b|\bhold (?:order|ord-|#)|\bon hold\b.*\bord-|\bplace .* on hold/,
    unless: /\b(?:show|list|which|what|find)\b/,
    fill: (_t, raw) => {
      const id = s.orderId(raw);
      if (!id) return { ask: 'Which order should I hold? Say e.g. "hold order ORD-100123".' };
      const reason = /\b(?:because|reason:?)\s+(.+)$/i.exec(raw)?.[1]?.trim();
      return { tool: 'hold_order', input: clean({ order_id: id, reason }) };
    },
  },
  {
    when: /^(?:please\s+)?(?:route|send|forward)\b.*\b(?:order|ord-|#|supplier)/,
    fill: (_t, raw) => {
      const id = s.orderId(raw);
      if (!id) return { ask: 'Which order should I route? Say e.g. "route order ORD-100123".' };
      return { tool: 'route_order', input: { order_id: id } };
    },
  },
  // ---- the dead-letter queue
  {
    when: /\b(?:replay|retry|re-?run|reprocess|resend|re-?try|redrive)\b/,
    fill: (t, _raw, now) => ({ tool: 'replay_failed_messages', input: dlqFilter(t, now) }),
  },
  {
    when: /\b(?:discard|purge|drop|throw away|delete|clear|dismiss)\b/,
    unless: /\blistings?\b|\bproducts?\b|\borders?\b(?!.*\b(?:messages?|dlq|dead))/,
    fill: (t, _raw, now) => (FAILED.test(t) || /\bmessages?\b|\bqueue\b/.test(t) ? { tool: 'discard_failed_messages', input: dlqFilter(t, now) } : null),
  },
  // ---- listings
  {
    when: /\b(?:pause|stop|deactivate|take down|turn off|suspend|halt)\b/,
    unless: /\border\b/,
    fill: (t, raw) => (LISTING.test(t) || s.sku(raw)
      ? { tool: 'pause_listings', input: clean({ marketplace: s.marketplace(t), violations: /\bmap\b|\bviolat/.test(t) ? true : undefined, sku: s.sku(raw) }) }
      : null),
  },
  {
    when: /\b(?:activate|reactivate|resume|unpause|turn on|re-?enable|relist|go live)\b/,
    fill: (t, raw) => (LISTING.test(t) || s.sku(raw) ? { tool: 'activate_listings', input: clean({ marketplace: s.marketplace(t), sku: s.sku(raw) }) } : null),
  },
  // ---- price proposals
  {
    when: /\b(?:approve|accept|apply|ok|okay)\b/,
    fill: (t, raw) => {
      if (!PRICE_WORDS.test(t)) return null;
      const code = s.sku(raw);
      return code ? { tool: 'approve_price_proposal', input: clean({ sku: code, marketplace: s.marketplace(t) }) } : { tool: 'approve_price_proposals', input: clean({ marketplace: s.marketplace(t) }) };
    },
  },
  {
    when: /\b(?:reject|decline|deny|refuse|dismiss)\b/,
    fill: (t, raw) => {
      if (!PRICE_WORDS.test(t)) return null;
      const code = s.sku(raw);
      return code ? { tool: 'reject_price_proposal', input: clean({ sku: code, marketplace: s.marketplace(t) }) } : { tool: 'reject_price_proposals', input: clean({ marketplace: s.marketplace(t) }) };
    },
  },
  // ---- suppliers: score them all, or explain one's score
  {
    when: /^(?:please\s+)?re-?score\b|\b(?:re-?score|recalculate|recompute|refresh|update|rerun|run)\b.*\bscor|^(?:please\s+)?score\s+(?:all\s+|the\s+|my\s+|every\s+)*suppliers?\b/,
    fill: () => ({ tool: 'score_suppliers', input: {} }),
  },
  {
    when: /\b(?:score|rating|scorecard|performance|reliable|how good)\b/,
    unless: /\border\b|\blisting\b/,
    fill: (t, raw) => {
      if (!/\bsuppliers?\b|'s (?:score|rating)|\b(?:score|rating|scorecard) (?:of|for)\b|\bhow (?:good|reliable)\b/.test(t)) return null;
      const name = supplierName(raw);
      if (!name) return { ask: 'Which supplier? Say e.g. "what is the score of supplier Acme Supply?".' };
      return { tool: 'supplier_score', input: { supplier: name } };
    },
  },
  // ---- explanations
  {
    when: /\bpric(?:e|es|ed|ing)\b|\bcheaper\b|\bmore expensive\b|\brepriced\b/,
    unless: /\b(?:show|list|find)\b.*\bproducts?\b/,
    fill: (t, raw) => {
      if (!/\b(?:why|explain|what happened|how come|change[sd]?|drop(?:ped)?|went|rise|rose|increase[sd]?|decrease[sd]?|fell|fall|lower(?:ed)?|raise[sd]?|cut|moved?)\b|\bcheaper\b|\brepriced\b/.test(t)) return null;
      const code = s.sku(raw);
      if (!code) return { ask: 'Which SKU? Say e.g. "why did SKU-123\'s price drop?".' };
      return { tool: 'explain_price_change', input: clean({ sku: code, marketplace: s.marketplace(t) }) };
    },
  },
  {
    when: /\bord-?\d+\b|\border\s*#?\s*\d{3,}\b/,
    unless: /\b(?:returns?|rmas?|purchase orders?|pos)\b/,
    fill: (_t, raw) => {
      const id = s.orderId(raw);
      return id ? { tool: 'explain_order', input: { order_id: id } } : null;
    },
  },
  // ---- today
  {
    when: /\battention\b|\bsummar(?:y|ise|ize)\b|\boverview\b|\bbrief me\b|\bdigest\b|\bat a glance\b|\bhow(?:'s| is| are)\b.*\b(?:business|things|today|store|we doing)\b|\bwhat(?:'s| is) (?:new|up|happening|going on)\b|\banything urgent\b|\bwhat should i (?:do|look at|work on)\b|\bmorning report\b/,
    fill: () => ({ tool: 'summarise_today', input: {} }),
  },
  {
    when: /\bcapital\b|\bfinanc(?:e|ing)\b|\bfunding\b|\bcash advance\b|\badvances?\b|\bloans?\b|\beligib/,
    fill: () => ({ tool: 'check_capital_eligibility', input: {} }),
  },
  // ---- lists
  {
    when: FAILED,
    unless: /\b(?:orders?|listings?|products?)\b(?!.*\b(?:messages?|dlq|queue)\b)/,
    fill: (t, _raw, now) => ({ tool: 'find_failed_messages', input: dlqFilter(t, now) }),
  },
  {
    when: /\bpurchase orders?\b|\bpos\b|\bpo\b|\bsupplier orders?\b/,
    fill: (t, raw) => {
      const supplier = /\b(?:to|from|with)\s+(?:supplier\s+)?([A-Za-z][\w&.' -]*?)\s*$/i.exec(raw.replace(/[?!.]+$/, ''))?.[1];
      return { tool: 'find_purchase_orders', input: clean({ status: s.oneOf(t, s.PO_STATUS_WORDS), order_id: s.orderId(raw), supplier: supplier && !/\btoday|yesterday|week|month\b/i.test(supplier) ? supplier : undefined }) };
    },
  },
  {
    when: /\breturns\b|\brmas?\b|\breturn requests?\b|\brefund(?:s| requests?)\b|\breturn\b/,
    unless: /\breturned orders?\b|\borders? (?:that were |that are )?returned\b/,
    fill: (t, raw) => ({ tool: 'find_returns', input: clean({ status: s.oneOf(t, s.RMA_STATUS_WORDS), order_id: s.orderId(raw) }) }),
  },
  {
    when: /\balerts?\b|\bincidents?\b|\bwarnings\b|\balarms?\b/,
    fill: (t) => ({ tool: 'find_alerts', input: clean({ severity: s.oneOf(t, s.SEVERITY_WORDS), status: s.oneOf(t, s.ALERT_STATUS_WORDS) }) }),
  },
  {
    when: /\bsuppliers?\b|\bvendors?\b/,
    fill: (t) => {
      const country = /\b(?:in|from)\s+([a-z]{2})\b/.exec(t)?.[1];
      return { tool: 'find_suppliers', input: clean({ tier: s.tier(t), country: country ? country.toUpperCase() : undefined }) };
    },
  },
  {
    when: /\blistings?\b|\bmap violations?\b/,
    fill: (t, raw) => ({
      tool: 'find_listings',
      input: clean({ marketplace: s.marketplace(t), status: s.oneOf(t, s.LISTING_STATUS_WORDS), violations: /\bmap\b|\bviolat/.test(t) ? true : undefined, sku: s.sku(raw) }),
    }),
  },
  {
    when: /\bproducts?\b|\binventory\b|\bstock\b|\bcatalog(?:ue)?\b|\bsold out\b|\bitems\b/,
    fill: (t, raw) => {
      const a = s.amounts(t);
      const search = /\b(?:named|called|matching|like)\s+["']?([^"']+?)["']?$/.exec(raw.replace(/[?!.]+$/, ''))?.[1];
      return {
        tool: 'find_products',
        input: clean({ stock_level: s.oneOf(t, s.STOCK_WORDS), status: /\b(?:stock)\b/.test(t) ? undefined : s.oneOf(t, s.PRODUCT_STATUS_WORDS), sku: s.sku(raw), min_price_cents: a.min, max_price_cents: a.max, search }),
      };
    },
  },
  {
    when: /\borders?\b|\bsales\b|\bsold\b|\bpurchases\b/,
    fill: (t, _raw, now) => {
      const a = s.amounts(t);
      const d = s.dates(t, now);
      return { tool: 'find_orders', input: clean({ status: s.oneOf(t, s.ORDER_STATUS_WORDS), marketplace: s.marketplace(t), min_total_cents: a.min, max_total_cents: a.max, from: d.from, to: d.to }) };
    },
  },
];

export function match(raw: string, now: Date): Match | null {
  const t = s.normalize(raw);
  for (const r of RULES) {
    if (!r.when.test(t) || (r.unless && r.unless.test(t))) continue;
    const m = r.fill(t, raw, now);
    if (m) return m;
  }
  return null;
}
