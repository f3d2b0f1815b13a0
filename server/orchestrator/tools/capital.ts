/** Capital tool (docs/orchestrator.md "Tools"): may the store get working capital now (a read: POST /capital/eligibility/evaluate changes nothing). */
import { z } from 'zod';
import type { EligibilityAnswer } from '../../../contract/capital';
import { defineTool } from '../tool-kit';
import { money } from './shared';

export const checkCapitalEligibility = defineTool({
  name: 'check_capital_eligibility',
  description: 'Check whether the store is eligible for working capital, with the offers and the reasons.',
  permission: 'read:capital',
  route: 'POST /capital/eligibility/evaluate',
  writes: false,
  danger: false,
  input: z.object({}),
  async run({ api }) {
    const e = (await api.post<{ data: EligibilityAnswer }>('/capital/eligibility/evaluate', {})).data;
    return {
      kind: 'card',
      title: e.eligible ? 'Eligible for working capital' : 'Not eligible for working capital yet',
      fields: [
        ...e.offers.map((o) => ({ label: o.title, value: `up to ${money(o.max_principal_cents)}`, link: '/capital' })),
        ...e.reasons.map((r) => ({ label: r.effect === 'deny' ? 'Why not' : 'Note', value: r.message, link: null })),
      ],
    };
  },
});
