/** Listing tools (docs/orchestrator.md "Tools"): find listings, explain a price change, pause or activate listings. */
import { z } from 'zod';
import { LISTING_STATUSES, type Listing } from '../../../contract/listings';
import type { PriceDecision } from '../../../contract/pricing';
import { defineTool, type ToolContext, type WritePlan } from '../tool-kit';
import { accountsOf, allRows, humanize, marketplaceName, marketplaceSlot, money, plural, PLAN_CAP, preview, skuSlot, table, when } from './shared';


const filterShape = {
  marketplace: marketplaceSlot.optional(),
  violations: z.boolean().optional().describe('Only listings with a MAP violation'),
  sku: skuSlot.optional(),
  search: z.string().trim().min(1).max(200).optional(),
};
type ListingFilter = { marketplace?: string; violations?: boolean; sku?: string; search?: string; status?: string };

/** Reads listings matching a filter (per marketplace account of the kind asked). */
async function readListings(ctx: ToolContext, f: ListingFilter, limit: number): Promise<{ rows: Listing[]; total: number }> {
  const accounts = f.marketplace ? await accountsOf(ctx.api, f.marketplace) : [undefined];
  const rows: Listing[] = [];
  let total = 0;
  for (const marketplace_id of accounts) {
    const r = await allRows<Listing>(ctx.api, '/listings', { marketplace_id, status: f.status, violations: f.violations ? 'true' : undefined, search: f.sku ?? f.search }, limit);
    // a SKU names its listings exactly (the search also finds longer SKUs that contain it)
    const hits = f.sku ? r.rows.filter((l) => l.sku.toLowerCase() === f.sku!.toLowerCase()) : r.rows;
    rows.push(...hits);
    total += f.sku ? hits.length : r.total;
  }
  return { rows: rows.slice(0, limit), total };
}

const listingRow = (l: Listing) => ({ sku: l.sku, title: l.title, marketplace: l.marketplace_name || marketplaceName(l.marketplace_kind), status: humanize(l.status), price: money(l.price_cents), _link: `/listings?id=${l.id}` });
const LISTING_COLUMNS: [string, string][] = [['sku', 'SKU'], ['title', 'Title'], ['marketplace', 'Marketplace'], ['status', 'Status'], ['price', 'Price']];

export const findListings = defineTool({
  name: 'find_listings',
  description: 'Find marketplace listings by marketplace, status, SKU or MAP violation.',
  permission: 'read:products',
  route: 'GET /listings',
  writes: false,
  danger: false,
  input: z.object({ ...filterShape, status: z.enum(LISTING_STATUSES).optional() }),
  async run(ctx, i) {
    const { rows, total } = await readListings(ctx, i, 20);
    const title = [i.status ? `${humanize(i.status)} listings` : 'Listings', i.violations ? 'with a MAP violation' : '', i.marketplace ? `on ${marketplaceName(i.marketplace)}` : '', i.sku ? `for ${i.sku}` : ''].filter(Boolean).join(' ');
    return table(title, LISTING_COLUMNS, rows.map(listingRow), total, i.violations ? '/listings?violations=true' : '/listings');
  },
});

export const explainPriceChange = defineTool({
  name: 'explain_price_change',
  description: "Explain a listing's last price change: the repricer's decision, its reason and the competitors it saw.",
  permission: 'read:products',
  route: 'GET /listings/:id/price-history',
  writes: false,
  danger: false,
  input: z.object({ sku: skuSlot, marketplace: marketplaceSlot.optional() }),
  async run(ctx, i) {
    const { rows } = await readListings(ctx, { sku: i.sku, marketplace: i.marketplace }, 20);
    const l = rows.find((r) => r.sku.toLowerCase() === i.sku.toLowerCase()) ?? rows[0];
    if (!l) return { kind: 'text', text: `I found no listing for ${i.sku}. Check the SKU on the Listings page.` };
    const h = await ctx.api.get<{ data: PriceDecision[] }>(`/listings/${l.id}/price-history`, { limit: 20 });
    const change = h.data.find((d) => d.applied && d.new_price_cents !== null && d.new_price_cents !== d.old_price_cents) ?? h.data[0];
    if (!change) return { kind: 'text', text: `${l.sku} on ${l.marketplace_name} has no price decisions yet; its price is ${money(l.price_cents)}.` };
    const lowest = change.competitor_prices.reduce<number | null>((m, c) => (m === null || c.price_cents < m ? c.price_cents : m), null);
    const fields = [
      { label: 'Listing', value: `${l.sku} on ${l.marketplace_name}`, link: `/listings?id=${l.id}` },
      { label: 'Price', value: `${money(change.old_price_cents)} → ${money(change.new_price_cents ?? change.old_price_cents)}`, link: null },
      { label: 'When', value: when(change.created_at), link: null },
      { label: 'Why', value: change.reason, link: null },
      { label: 'Strategy', value: humanize(change.strategy), link: null },
      { label: 'What started it', value: humanize(change.trigger), link: null },
      { label: 'Lowest competitor', value: money(lowest), link: null },
      { label: 'Floor', value: money(change.floor_cents), link: null },
      { label: 'Applied', value: change.applied ? 'yes' : 'no (proposed or skipped)', link: null },
    ];
    return { kind: 'card', title: `Last price change of ${l.sku}`, fields };
  },
});

function statusTool(action: 'pause' | 'activate') {
  const from = action === 'pause' ? 'active' : 'paused';
  return defineTool({
    name: `${action}_listings`,
    description: action === 'pause' ? 'Pause active listings (by marketplace, SKU or MAP violation).' : 'Activate paused listings (by marketplace or SKU).',
    permission: 'write:products',
    route: 'POST /listings/bulk-actions',
    writes: true,
    danger: false,
    input: z.object(filterShape),
    async plan(ctx, i): Promise<WritePlan> {
      const { rows, total } = await readListings(ctx, { ...i, status: from }, PLAN_CAP);
      const what = [i.violations ? 'with a MAP violation' : '', i.marketplace ? `on ${marketplaceName(i.marketplace)}` : '', i.sku ? `for ${i.sku}` : ''].filter(Boolean).join(' ');
      return {
        summary: `${action === 'pause' ? 'Pause' : 'Activate'} ${plural(total, `${from} listing`)}${what ? ` ${what}` : ''}`,
        count: total,
        preview: preview(rows, listingRow),
        args: { ids: rows.map((r) => r.id) },
      };
    },
    async apply({ api }, a) {
      const ids = a.ids as string[];
      if (ids.length === 0) return { kind: 'text', text: 'There was nothing to change.' };
      const r = await api.post<{ succeeded: number; failed: number }>('/listings/bulk-actions', { action, ids });
      return { kind: 'text', text: `${action === 'pause' ? 'Paused' : 'Activated'} ${plural(r.succeeded, 'listing')}${r.failed ? `; ${r.failed} could not be changed` : ''}.` };
    },
  });
}

export const pauseListings = statusTool('pause');
export const activateListings = statusTool('activate');
