/**
 * "Score all" — docs/commerce.md, docs/product/api-calls.md (`POST /suppliers/score-all`, no body): re-scores every supplier
 * from its performance history, shows what changed (score and tier, before → after) and refreshes the
 * supplier list, as every successful supplier write does.
 */
import { useState } from 'react';
import { Alert, Button, Modal, Table, Typography } from 'antd';
import { CalculatorOutlined } from '@ant-design/icons';
import { useInvalidate, useNotification } from '@refinedev/core';
import { finalMessage } from '../../providers/api';
import { useCommand } from '../shared/use-command';
import { TierTag } from './tier-tag';
import type { ScoreAllAnswer, ScoreResult } from '../../contract/suppliers';

const fmt = (n: number | null) => (n === null ? '—' : n.toFixed(2));

export function ScoreAllButton() {
  const invalidate = useInvalidate();
  const send = useCommand();
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ScoreAllAnswer | null>(null);

  const run = async () => {
    setBusy(true);
    try {
      setResult(await send<ScoreAllAnswer>('/suppliers/score-all'));
      await invalidate({ resource: 'suppliers', invalidates: ['list', 'many', 'detail'] });
    } catch (e) {
      open?.({ type: 'error', message: 'Scoring failed', description: finalMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  const changed = result?.suppliers.filter((s) => s.changed) ?? [];
  // suppliers the run could not score (no performance yet) are named with the reason, not counted silently
  const skipped = result?.skipped ?? [];
  return (
    <>
      <Button icon={<CalculatorOutlined />} loading={busy} onClick={run}>
        Score all
      </Button>
      <Modal open={!!result} title="Supplier scores updated" onCancel={() => setResult(null)} footer={<Button type="primary" onClick={() => setResult(null)}>Close</Button>} width={680}>
        {result && (
          <>
            <Alert
              type="success"
              showIcon
              style={{ marginBottom: 16 }}
              message={`${result.scored} supplier${result.scored === 1 ? '' : 's'} scored, ${result.changed} changed`}
              description={`From the 12 months of performance up to ${result.as_of.slice(0, 7)}.`}
            />
            {skipped.length > 0 && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                message={`${skipped.length} supplier${skipped.length === 1 ? '' : 's'} not scored`}
                description={
                  <ul style={{ margin: 0, paddingLeft: 18 }}>
                    {skipped.map((s) => (
                      <li key={s.id}>
                        {s.name}: {s.message}
                      </li>
                    ))}
                  </ul>
                }
              />
            )}
            {changed.length === 0 ? (
              <Typography.Text type="secondary">No score or tier changed.</Typography.Text>
            ) : (
              <Table<ScoreResult>
                size="small"
                rowKey="id"
                dataSource={changed}
                pagination={false}
                columns={[
                  { title: 'Supplier', dataIndex: 'name' },
                  { title: 'Score', key: 'score', render: (_: unknown, r) => `${fmt(r.previous_score)} → ${fmt(r.score)}` },
                  {
                    title: 'Tier',
                    key: 'tier',
                    render: (_: unknown, r) => (r.tier === r.previous_tier ? <TierTag tier={r.tier} /> : <><TierTag tier={r.previous_tier} />→ <TierTag tier={r.tier} /></>),
                  },
                ]}
              />
            )}
          </>
        )}
      </Modal>
    </>
  );
}
