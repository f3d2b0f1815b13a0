/**
 * The rule editor's live preview (docs/repricing.md "Rules"): the draft goes to
 * `POST /api/pricing/rules/preview` — the same engine in dry run over today's offers — 400 ms after
 * the form last changed; the answer's sentence and sample decisions show under the form. An older
 * answer arriving after a newer request is dropped.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Spin, Table, Typography } from 'antd';
import type { PreviewAnswer, RuleCreate } from '../../contract/pricing';
import { finalMessage } from '../../providers/api';
import { useCommand } from '../shared/use-command';
import { moneyCents } from '../shared/format';

export const PREVIEW_DEBOUNCE_MS = 400;

type Sample = PreviewAnswer['samples'][number];

export function RulePreview({ rule, ruleId }: { rule: RuleCreate | null; ruleId?: string }) {
  const send = useCommand();
  const [answer, setAnswer] = useState<PreviewAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const seq = useRef(0);
  const key = rule ? JSON.stringify(rule) : '';

  useEffect(() => {
    if (!key) return undefined;
    const mine = ++seq.current;
    const timer = setTimeout(() => {
      setBusy(true);
      send<PreviewAnswer>('/pricing/rules/preview', { rule: JSON.parse(key) as RuleCreate, ...(ruleId ? { rule_id: ruleId } : {}) })
        .then((a) => {
          if (mine !== seq.current) return;
          setAnswer(a);
          setError(null);
        })
        .catch((e: unknown) => {
          if (mine === seq.current) setError(finalMessage(e));
        })
        .finally(() => {
          if (mine === seq.current) setBusy(false);
        });
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, ruleId, send]);

  return (
    <section aria-label="Preview" aria-live="polite" aria-busy={busy}>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        Preview {busy && <Spin size="small" />}
      </Typography.Title>
      {!key && <Typography.Text type="secondary">Name the rule to see what it would do.</Typography.Text>}
      {error && <Alert type="warning" showIcon message="No preview for this draft" description={error} />}
      {!error && answer && (
        <>
          <Alert
            type={answer.floor_above_ceiling > 0 ? 'warning' : 'info'}
            showIcon
            message={answer.summary}
            description={answer.floor_above_ceiling > 0 ? `${answer.floor_above_ceiling} listing${answer.floor_above_ceiling === 1 ? ' has its' : 's have their'} floor above the ceiling: the floor wins.` : undefined}
          />
          {answer.samples.length > 0 && (
            <Table<Sample>
              style={{ marginTop: 12 }}
              size="small"
              rowKey="listing_id"
              pagination={false}
              dataSource={answer.samples}
              columns={[
                { title: 'SKU', dataIndex: 'sku', width: 120 },
                { title: 'Now', dataIndex: 'old_price_cents', align: 'right', width: 90, render: (c: number) => moneyCents(c) },
                { title: 'Would be', dataIndex: 'new_price_cents', align: 'right', width: 90, render: (c: number | null, s) => (c === null || c === s.old_price_cents ? 'Unchanged' : moneyCents(c)) },
                { title: 'Why', dataIndex: 'reason' },
              ]}
            />
          )}
        </>
      )}
    </section>
  );
}
