/** Supplier tools (docs/orchestrator.md "Tools"): find suppliers and purchase orders, a supplier's score, score them all. */
import { z } from 'zod';
import { PO_STATUSES, type PurchaseOrderRow } from '../../../contract/fulfillment';
import type { Performance, Supplier } from '../../../contract/suppliers';
import { defineTool } from '../tool-kit';
import type { ApiCaller } from '../api-caller';
import { humanize, money, orderIdSlot, plural, table, when, type Page } from './shared';

const pct = (r: number | null | undefined) => (r === null || r === undefined ? '—' : `${Math.round(r * 1000) / 10} %`);
const supplierRow = (s: Supplier) => ({ name: s.name, tier: `Tier ${s.tier}`, country: s.country ?? '—', score: s.score === null ? '—' : s.score, on_time: pct(s.on_time_rate), _link: `/suppliers/${s.id}` });

export const findSuppliers = defineTool({
  name: 'find_suppliers',
  description: 'Find suppliers by tier, country or name.',
  permission: 'read:suppliers',
  route: 'GET /suppliers',
  writes: false,
  danger: false,
  input: z.object({ tier: z.number().int().min(1).max(3).optional(), country: z.string().trim().length(2).optional(), search: z.string().trim().min(1).max(200).optional() }),
  async run({ api }, i) {
    const r = await api.get<Page<Supplier>>('/suppliers', { tier: i.tier, country: i.country?.toUpperCase(), search: i.search, sort: 'score', limit: 20 });
    return table(`${i.tier ? `Tier-${i.tier} suppliers` : 'Suppliers'}${i.country ? ` in ${i.country.toUpperCase()}` : ''}`,
      [['name', 'Supplier'], ['tier', 'Tier'], ['country', 'Country'], ['score', 'Score'], ['on_time', 'On time']], r.data.map(supplierRow), r.pagination.total, i.tier ? `/suppliers?tier=${i.tier}` : '/suppliers');
  },
});

/** The supplier named (its id, or the best match of its name). */
async function supplierNamed(api: ApiCaller, name: string): Promise<Supplier | null> {
  const r = await api.get<Page<Supplier>>('/suppliers', { search: name, limit: 20 });
  return r.data.find((s) => s.name.toLowerCase() === name.toLowerCase()) ?? r.data[0] ?? null;
}

export const supplierScore = defineTool({
  name: 'supplier_score',
  description: "Explain a supplier's score: its rates and the last months of performance.",
  permission: 'read:suppliers',
  route: 'GET /suppliers/:id/performance',
  writes: false,
  danger: false,
  input: z.object({ supplier: z.string().trim().min(1).max(200).describe("The supplier's name") }),
  async run({ api }, i) {
    const s = await supplierNamed(api, i.supplier);
    if (!s) return { kind: 'text', text: `I found no supplier named "${i.supplier}". Try "show suppliers" to see their names.` };
    const perf = (await api.get<{ data: Performance }>(`/suppliers/${s.id}/performance`, { months: 3 })).data.series;
    const recent = perf.slice(-3).map((m) => `${m.month.slice(0, 7)}: ${m.orders} orders, ${pct(m.on_time_rate)} on time`).join('; ');
    return {
      kind: 'card',
      title: `${s.name}: score ${s.score ?? 'not scored yet'}`,
      fields: [
        { label: 'Tier', value: `Tier ${s.tier}`, link: `/suppliers/${s.id}` },
        { label: 'On-time rate', value: pct(s.on_time_rate), link: null },
        { label: 'Defect rate', value: pct(s.defect_rate), link: null },
        { label: 'Cancellation rate', value: pct(s.cancellation_rate), link: null },
        { label: 'Lead time', value: plural(s.lead_time_days, 'day'), link: null },
        { label: 'Scored', value: when(s.scored_at), link: null },
        { label: 'Recent months', value: recent || 'no performance recorded yet', link: null },
      ],
    };
  },
});

export const scoreSuppliers = defineTool({
  name: 'score_suppliers',
  description: "Score every supplier again from this month's performance.",
  permission: 'write:suppliers',
  route: 'POST /suppliers/score-all',
  writes: true,
  danger: false,
  input: z.object({}),
  async plan({ api }) {
    const r = await api.get<Page<Supplier>>('/suppliers', { limit: 5, sort: 'score' });
    // one command over every supplier: it counts as one change (their scores), not per supplier
    return { summary: `Score all ${plural(r.pagination.total, 'supplier')} again`, count: 1, preview: r.data.map(supplierRow), args: {} };
  },
  async apply({ api }) {
    const r = await api.post<{ data: { scored: number; changed: number } }>('/suppliers/score-all', {});
    return { kind: 'text', text: `Scored ${plural(r.data.scored, 'supplier')}; ${r.data.changed} changed.` };
  },
});

export const findPurchaseOrders = defineTool({
  name: 'find_purchase_orders',
  description: 'Find purchase orders sent to suppliers, by status, supplier or order.',
  permission: 'read:orders',
  route: 'GET /purchase-orders',
  writes: false,
  danger: false,
  input: z.object({ status: z.enum(PO_STATUSES).optional(), supplier: z.string().trim().min(1).max(200).optional(), order_id: orderIdSlot.optional() }),
  async run({ api }, i) {
    const s = i.supplier ? await supplierNamed(api, i.supplier) : null;
    if (i.supplier && !s) return { kind: 'text', text: `I found no supplier named "${i.supplier}".` };
    const r = await api.get<Page<PurchaseOrderRow>>('/purchase-orders', { status: i.status, supplier_id: s?.id, order_id: i.order_id, limit: 20 });
    return table(`${i.status ? `${humanize(i.status)[0].toUpperCase()}${humanize(i.status).slice(1)} purchase orders` : 'Purchase orders'}${s ? ` to ${s.name}` : ''}`,
      [['number', 'PO'], ['order_id', 'Order'], ['supplier', 'Supplier'], ['status', 'Status'], ['total', 'Total'], ['created_at', 'Created']],
      r.data.map((p) => ({ number: p.number, order_id: p.order_id, supplier: p.supplier_name ?? '—', status: humanize(p.status), total: money(p.total_cents), created_at: when(p.created_at), _link: `/orders?id=${encodeURIComponent(p.order_id)}` })),
      r.pagination.total, '/fulfillment');
  },
});
