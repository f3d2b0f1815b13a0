/**
 * Approve or reject the selected proposals at once (`POST /api/pricing/proposals/bulk` with their ids,
 * in requests of at most BULK_PROPOSALS_IN_REQUEST, each decided in the request: docs/repricing.md
 * "Proposals"): asked first, then one line per proposal (done, or the server's reason — e.g. expired
 * because its inputs changed; a proposal a newer one replaced offers to approve that one). What
 * failed stays selected.
 */
import { useState } from 'react';
import { Button, Modal } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { BULK_PROPOSALS_IN_REQUEST, type PriceProposal } from '../../contract/pricing';
import { BulkActionBar, BulkProgressModal, type BulkRunState } from '../shared/bulk-action-bar';
import { useCommand } from '../shared/use-command';
import { runInChunks, type BulkItemResult } from '../shared/bulk-run';
import { CommandGate } from '../../src/shell/command-gate';
import pricingModule from './index';
import { ReplacementOffer, replacementOf } from './replacement-offer';

export function ProposalsBulk({ selected, onClear }: { selected: PriceProposal[]; onClear: (keep?: string[]) => void }) {
  const send = useCommand();
  const invalidate = useInvalidate();
  const [modal, contextHolder] = Modal.useModal();
  const [run, setRun] = useState<BulkRunState | null>(null);
  const [labels, setLabels] = useState(new Map<string, string>());
  const n = selected.length;
  const noun = `${n} proposal${n === 1 ? '' : 's'}`;

  const start = async (action: 'approve' | 'reject') => {
    const ids = selected.map((p) => p.id);
    setLabels(new Map(selected.map((p) => [p.id, `${p.sku} · ${p.marketplace_name}`])));
    const title = action === 'approve' ? 'Approving proposals' : 'Rejecting proposals';
    setRun({ title, total: ids.length, done: 0, results: [], running: true });
    const results = await runInChunks(
      ids,
      async (chunk) => (await send<{ results: BulkItemResult[] }>('/pricing/proposals/bulk', { action, ids: chunk })).results,
      (done, sofar) => setRun((r) => r && { ...r, done, results: sofar }),
      BULK_PROPOSALS_IN_REQUEST,
    );
    setRun((r) => r && { ...r, done: ids.length, results, running: false });
    onClear(results.filter((r) => !r.ok).map((r) => r.id));
    await invalidate({ resource: 'price_proposals', invalidates: ['list'] });
    await invalidate({ resource: 'listings', invalidates: ['list', 'detail'] });
  };

  // approving the proposal that replaced an expired one, from its line of the results
  const approveReplacement = async (id: string) => {
    try {
      await send(`/pricing/proposals/${id}/approve`, {});
    } finally {
      await invalidate({ resource: 'price_proposals', invalidates: ['list'] });
      await invalidate({ resource: 'listings', invalidates: ['list', 'detail'] });
    }
  };

  const confirm = (action: 'approve' | 'reject') =>
    modal.confirm({
      title: action === 'approve' ? `Approve ${noun}?` : `Reject ${noun}?`,
      content: action === 'approve' ? 'Each new price is applied to its listing and pushed to its marketplace. A proposal whose inputs changed expires instead.' : 'No price changes; the proposals are kept as rejected.',
      okText: action === 'approve' ? 'Approve' : 'Reject',
      okButtonProps: { danger: action === 'reject' },
      onOk: () => void start(action),
    });

  return (
    <>
      {contextHolder}
      <BulkActionBar count={n} onClear={() => onClear()}>
        <CommandGate command={pricingModule.commands.bulk}>
          <Button icon={<CheckOutlined />} onClick={() => confirm('approve')}>
            Approve selected
          </Button>
          <Button icon={<CloseOutlined />} onClick={() => confirm('reject')}>
            Reject selected
          </Button>
        </CommandGate>
      </BulkActionBar>
      <BulkProgressModal
        run={run}
        labelOf={(id) => labels.get(id) ?? id}
        onClose={() => setRun(null)}
        failureExtra={(r) => {
          const replacement = replacementOf(r.error);
          return replacement && <ReplacementOffer replacement={replacement} approve={approveReplacement} />;
        }}
      />
    </>
  );
}
