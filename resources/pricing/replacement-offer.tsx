/**
 * A superseded proposal's way forward (docs/repricing.md "Proposals"): the API's refusal of an expired
 * proposal names the pending proposal that replaced it for the same listing (`details: { replaced_by,
 * new_price_cents }`); the single and the bulk approve results offer to approve that one instead.
 */
import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import type { ProposalReplacement } from '../../contract/pricing';
import { finalMessage } from '../../providers/api';
import { moneyCents } from '../shared/format';

/** The replacement a refusal (an error, or a bulk item's error) names, if any. */
export function replacementOf(e: unknown): ProposalReplacement | null {
  const d = typeof e === 'object' && e !== null ? (e as { details?: unknown }).details : undefined;
  if (typeof d !== 'object' || d === null) return null;
  const r = d as Partial<ProposalReplacement>;
  return typeof r.replaced_by === 'string' && typeof r.new_price_cents === 'number' ? { replaced_by: r.replaced_by, new_price_cents: r.new_price_cents } : null;
}

/** "Replaced by a newer proposal ($x.xx) — Approve that one": `approve` approves the replacement as proposed. */
export function ReplacementOffer({ replacement, approve }: { replacement: ProposalReplacement; approve: (id: string) => Promise<void> }) {
  const [state, setState] = useState<{ busy: boolean; done: boolean; error: string | null }>({ busy: false, done: false, error: null });
  const price = moneyCents(replacement.new_price_cents);
  const go = async () => {
    setState({ busy: true, done: false, error: null });
    try {
      await approve(replacement.replaced_by);
      setState({ busy: false, done: true, error: null });
    } catch (e) {
      setState({ busy: false, done: false, error: finalMessage(e) });
    }
  };
  return (
    <Space size={4} wrap>
      <Typography.Text>Replaced by a newer proposal ({price}) —</Typography.Text>
      {state.done ? (
        <Typography.Text type="success">Newer proposal approved at {price}</Typography.Text>
      ) : (
        <Button size="small" type="link" icon={<CheckOutlined />} loading={state.busy} onClick={() => void go()} style={{ paddingInline: 0 }}>
          Approve that one
        </Button>
      )}
      {state.error && <Typography.Text type="danger">{state.error}</Typography.Text>}
    </Space>
  );
}
