/**
 * Bulk selection bar and the progress/result panel of a bulk run — docs/commerce.md Reusable by any list
 * with row selection: the bar shows the count and the actions, the panel the progress while the run
 * goes and then one line per item (label, done or the reason it failed).
 */
import type { ReactNode } from 'react';
import { Alert, Button, Flex, List, Modal, Progress, Tag, Typography } from 'antd';
import type { BulkItemResult } from './bulk-run';

export function BulkActionBar({ count, onClear, children }: { count: number; onClear: () => void; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <Flex role="toolbar" aria-label="Bulk actions" align="center" gap={8} wrap style={{ padding: '8px 12px', marginBottom: 12, background: 'rgba(22,119,255,0.06)', borderRadius: 8 }}>
      <Typography.Text strong>{count} selected</Typography.Text>
      {children}
      <Button type="link" onClick={onClear}>
        Clear selection
      </Button>
    </Flex>
  );
}

export interface BulkRunState {
  title: string;
  total: number;
  done: number;
  results: BulkItemResult[];
  running: boolean;
}

/** `failureExtra`: what the list adds under an item that failed (a way forward, e.g. a replacement to approve). */
export function BulkProgressModal({ run, labelOf, onClose, failureExtra }: { run: BulkRunState | null; labelOf: (id: string) => string; onClose: () => void; failureExtra?: (r: BulkItemResult) => ReactNode }) {
  if (!run) return null;
  const failed = run.results.filter((r) => !r.ok).length;
  const percent = run.total ? Math.round((run.done / run.total) * 100) : 100;
  return (
    <Modal
      open
      title={run.title}
      closable={!run.running}
      maskClosable={false}
      onCancel={run.running ? undefined : onClose}
      footer={<Button type="primary" disabled={run.running} onClick={onClose}>Close</Button>}
    >
      <Progress percent={percent} status={run.running ? 'active' : failed ? 'exception' : 'success'} aria-label="Bulk progress" />
      {!run.running && (
        <Alert
          style={{ margin: '12px 0' }}
          type={failed ? 'warning' : 'success'}
          showIcon
          message={`${run.total - failed} of ${run.total} done${failed ? `, ${failed} failed` : ''}`}
        />
      )}
      <List
        size="small"
        style={{ maxHeight: 320, overflow: 'auto' }}
        dataSource={run.results}
        renderItem={(r) => (
          <List.Item>
            <Typography.Text ellipsis style={{ maxWidth: 280 }}>{labelOf(r.id)}</Typography.Text>
            {r.ok ? <Tag color="success">Done</Tag> : <Tag color="error">{r.error?.message ?? 'Failed'}</Tag>}
            {r.ok && r.message && <Typography.Text type="secondary">{r.message}</Typography.Text>}
            {!r.ok && failureExtra?.(r)}
          </List.Item>
        )}
      />
    </Modal>
  );
}
