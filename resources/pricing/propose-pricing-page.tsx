/**
 * /pricing/propose — Propose Pricing (docs/repricing.md "Proposals"): pick listings (by filters, or the
 * selection handed over by the /listings bulk action in the navigation state), run the rules over them
 * (`POST /api/pricing/propose`, no price changes), then approve, edit or reject the proposals.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert, Flex } from 'antd';
import { PageHeader } from '../../src/shell/page-header';
import type { ProposeAnswer } from '../../contract/pricing';
import { ProposeSelection, summaryOf } from './propose-selection';
import { ProposalsTable } from './proposals-table';

export default function ProposePricingPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const handed = ((location.state as { listing_ids?: unknown } | null)?.listing_ids as string[] | undefined) ?? [];
  const [answer, setAnswer] = useState<ProposeAnswer | null>(null);
  // arriving without list parameters shows the pending proposals first (once: clearing the filter afterwards shows all)
  const arrived = useRef(false);
  const bare = location.search === '';
  useEffect(() => {
    if (arrived.current) return;
    arrived.current = true;
    if (bare) navigate({ search: '?status=pending' }, { replace: true, state: location.state as unknown });
  }, [bare, navigate, location.state]);

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title="Propose Pricing"
        subtitle={
          <>
            The rules of <Link to="/pricing">Pricing</Link> run over the listings you pick; nothing changes until a proposal is approved.
          </>
        }
      />
      <ProposeSelection handed={handed} onDropHanded={() => navigate('/pricing/propose', { replace: true, state: null })} onProposed={setAnswer} />
      {answer && (
        <Alert
          type={answer.proposals_created > 0 ? 'success' : 'info'}
          showIcon
          closable
          onClose={() => setAnswer(null)}
          message={summaryOf(answer)}
          description={answer.evaluated === 0 ? 'No rule governs these listings: create one on the Pricing page.' : undefined}
        />
      )}
      {!(bare && !arrived.current) && <ProposalsTable />}
    </Flex>
  );
}
