/**
 * One dead letter in a drawer (docs/events.md "detail"): where it failed, how often, the last error and
 * the payload in the JSON viewer; Replay and Discard for a pending message (each confirmed).
 */
import { Alert, Button, Descriptions, Drawer, Flex, Skeleton, Typography } from 'antd';
import { DeleteOutlined, RedoOutlined } from '@ant-design/icons';
import { useOne } from '@refinedev/core';
import { JsonViewer } from '../shared/json-viewer';
import { LoadError } from '../shared/list-error';
import type { DlqEntry } from '../../contract/dlq';
import { dateTime } from '../shared/format';
import { duration } from '../shared/ops-format';
import { useCommandAllowed } from '../../src/shell/command-gate';
import { DlqStatusTag } from './dlq-status-tag';
import dlqModule from './index';

export interface DlqDrawerProps {
  /** The row clicked (shown at once), refreshed from GET /dlq/{id}. */
  entry: DlqEntry | null;
  onClose: () => void;
  onReplay: (e: DlqEntry) => void;
  onDiscard: (e: DlqEntry) => void;
}

export function DlqDrawer({ entry, onClose, onReplay, onDiscard }: DlqDrawerProps) {
  const { query: detail, result } = useOne<DlqEntry>({
    resource: 'dlq',
    id: entry?.id,
    queryOptions: { enabled: !!entry, staleTime: 0 },
    errorNotification: false,
  });
  const e = (entry && result?.id === entry.id ? result : undefined) ?? entry;
  const mayReplay = useCommandAllowed(dlqModule.commands.replay);
  const mayDiscard = useCommandAllowed(dlqModule.commands.discard);
  return (
    <Drawer
      open={!!entry}
      onClose={onClose}
      width="min(640px, 100vw)"
      title={e ? `Dead letter #${e.id}` : 'Dead letter'}
      extra={
        e?.status === 'pending' && (
          <Flex gap={8}>
            {mayReplay && (
              <Button icon={<RedoOutlined />} type="primary" onClick={() => onReplay(e)}>
                Replay
              </Button>
            )}
            {mayDiscard && (
              <Button icon={<DeleteOutlined />} danger onClick={() => onDiscard(e)}>
                Discard
              </Button>
            )}
          </Flex>
        )
      }
    >
      {detail.isError && <LoadError error={detail.error} onRetry={() => void detail.refetch()} what="this message" />}
      {!e ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 }}
            bordered
            items={[
              { key: 'subject', label: 'Subject', children: <Typography.Text code>{e.subject}</Typography.Text>, span: 2 },
              { key: 'consumer', label: 'Consumer', children: e.consumer },
              { key: 'status', label: 'Status', children: <DlqStatusTag status={e.status} /> },
              { key: 'attempts', label: 'Attempts', children: e.attempts },
              { key: 'age', label: 'Age', children: duration(e.age_s) },
              { key: 'first', label: 'First failure', children: dateTime(e.first_failure_at) },
              { key: 'last', label: 'Last failure', children: dateTime(e.last_failure_at) },
              { key: 'stream', label: 'Stream', children: e.stream },
              { key: 'seq', label: 'Event sequence', children: e.event_seq },
              ...(e.replay_count ? [{ key: 'replays', label: 'Replays', children: `${e.replay_count} (last ${dateTime(e.replayed_at)})`, span: 2 }] : []),
              ...(e.status === 'discarded'
                ? [{ key: 'discard', label: 'Discarded', children: `${e.discard_reason ?? ''} — ${e.discarded_by ?? ''}, ${dateTime(e.discarded_at)}`, span: 2 }]
                : []),
            ]}
          />
          <Alert
            type="error"
            message="Last error"
            description={<Typography.Text style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', whiteSpace: 'pre-wrap' }}>{e.last_error ?? '—'}</Typography.Text>}
          />
          <JsonViewer label="Payload" value={e.payload} />
        </Flex>
      )}
    </Drawer>
  );
}
