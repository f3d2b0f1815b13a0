/** Price proposal tools (docs/orchestrator.md "Tools"): approve or reject the repricer's pending proposals. */
import { z } from 'zod';
import type { PriceProposal } from '../../../contract/pricing';
import { defineTool, type ToolContext, type WritePlan } from '../tool-kit';
import { accountsOf, allRows, marketplaceSlot, money, plural, preview, skuSlot } from './shared';

async function pendingProposals(ctx: ToolContext, f: { marketplace?: string; sku?: string }): Promise<{ rows: PriceProposal[]; total: number }> {
  const accounts = f.marketplace ? await accountsOf(ctx.api, f.marketplace) : [undefined];
  const rows: PriceProposal[] = [];
  let total = 0;
  for (const marketplace_id of accounts) {
    const r = await allRows<PriceProposal>(ctx.api, '/pricing/proposals', { status: 'pending', marketplace_id, search: f.sku });
    const hits = f.sku ? r.rows.filter((p) => p.sku.toLowerCase() === f.sku!.toLowerCase()) : r.rows;
    rows.push(...hits);
    total += f.sku ? hits.length : r.total;
  }
  return { rows, total };
}

const proposalRow = (p: PriceProposal) => ({ sku: p.sku, marketplace: p.marketplace_name, from: money(p.old_price_cents), to: money(p.new_price_cents), reason: p.reason });

function decideTool(action: 'approve' | 'reject', bulk: boolean) {
  const verb = action === 'approve' ? 'Approve' : 'Reject';
  return defineTool({
    name: bulk ? `${action}_price_proposals` : `${action}_price_proposal`,
    description: bulk ? `${verb} every pending price proposal (optionally of one marketplace).` : `${verb} the pending price proposal of one SKU.`,
    permission: 'write:products',
    route: bulk ? 'POST /pricing/proposals/bulk' : `POST /pricing/proposals/:id/${action}`,
    writes: true,
    // approving every pending proposal at once is a bulk action (docs/orchestrator.md "Danger")
    danger: bulk && action === 'approve',
    input: bulk ? z.object({ marketplace: marketplaceSlot.optional() }) : z.object({ sku: skuSlot, marketplace: marketplaceSlot.optional() }),
    async plan(ctx, i: { marketplace?: string; sku?: string }): Promise<WritePlan> {
      const { rows, total } = await pendingProposals(ctx, i);
      return {
        summary: `${verb} ${plural(total, 'pending price proposal')}${i.sku ? ` for ${i.sku}` : ''}`,
        count: total,
        preview: preview(rows, proposalRow),
        args: { ids: rows.map((r) => r.id) },
      };
    },
    async apply({ api }, a) {
      const ids = a.ids as string[];
      if (ids.length === 0) return { kind: 'text', text: 'There was nothing to decide.' };
      if (ids.length === 1) {
        await api.post(`/pricing/proposals/${ids[0]}/${action}`, {});
        return { kind: 'text', text: `${action === 'approve' ? 'Approved' : 'Rejected'} 1 price proposal.` };
      }
      const r = await api.post<{ succeeded?: number; failed?: number; data?: unknown }>('/pricing/proposals/bulk', { action, ids });
      if (typeof r.succeeded === 'number') return { kind: 'text', text: `${action === 'approve' ? 'Approved' : 'Rejected'} ${plural(r.succeeded, 'price proposal')}${r.failed ? `; ${r.failed} could not be decided` : ''}.` };
      return { kind: 'text', text: `Deciding ${plural(ids.length, 'price proposal')} in the background; see Pricing › Proposals.` };
    },
  });
}

export const approveProposal = decideTool('approve', false);
export const rejectProposal = decideTool('reject', false);
export const approveProposals = decideTool('approve', true);
export const rejectProposals = decideTool('reject', true);
