/**
 * A change the assistant proposes and waits on (docs/orchestrator.md): what it would do, to how many
 * records, a preview of them, and Confirm / Cancel. Confirming runs it once on the server; then the
 * card shows its result or why it failed. An action not confirmed in time says it expired.
 */
import { useState } from 'react';
import { Alert, Button, Card, Flex, Tag, Typography } from 'antd';
import { ApiError, finalMessage } from '../../providers/api';
import { useCommand } from '../shared/use-command';
import { RowsTable, ToolResultView, columnsOf } from './tool-result';
import type { ActionStatus, PendingAction } from './types';

const STATUS: Record<ActionStatus, { label: string; color: string }> = {
  pending: { label: 'Waiting for you', color: 'gold' },
  confirmed: { label: 'Done', color: 'green' },
  cancelled: { label: 'Cancelled', color: 'default' },
  expired: { label: 'Expired', color: 'default' },
  failed: { label: 'Failed', color: 'red' },
};

export function ActionCard({ action: initial }: { action: PendingAction }) {
  const send = useCommand();
  const [action, setAction] = useState(initial);
  const [busy, setBusy] = useState<'confirm' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [expiredNow, setExpiredNow] = useState(false);

  const timedOut = action.status === 'pending' && (expiredNow || Date.parse(action.expires_at) <= Date.now());
  const status: ActionStatus = timedOut ? 'expired' : action.status;

  const act = async (what: 'confirm' | 'cancel') => {
    setBusy(what);
    setError(null);
    try {
      setAction(await send<PendingAction>(`/orchestrator/actions/${encodeURIComponent(action.id)}/${what}`));
    } catch (e) {
      // 409 other than a switched-off feature: the action is no longer open (it expired)
      if (e instanceof ApiError && e.status === 409 && e.code !== 'feature_disabled') setExpiredNow(true);
      setError(finalMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const s = STATUS[status];
  return (
    <Card
      size="small"
      role="group"
      aria-label={`Confirm: ${action.summary}`}
      title={<span style={{ whiteSpace: 'normal' }}>{action.summary}</span>}
      extra={<Tag color={s.color}>{s.label}</Tag>}
      style={{ borderColor: status === 'pending' ? '#faad14' : undefined }}
    >
      <Flex vertical gap={8}>
        <Typography.Text>
          {action.count === 1 ? '1 record' : `${action.count} records`} will change.
        </Typography.Text>
        {action.preview.length > 0 && <RowsTable title="Preview" columns={columnsOf(action.preview)} rows={action.preview} />}
        {action.preview.length < action.count && action.preview.length > 0 && (
          <Typography.Text type="secondary">and {action.count - action.preview.length} more.</Typography.Text>
        )}
        {status === 'pending' && (
          <Flex gap={8}>
            <Button type="primary" loading={busy === 'confirm'} disabled={busy !== null} onClick={() => void act('confirm')}>
              Confirm
            </Button>
            <Button loading={busy === 'cancel'} disabled={busy !== null} onClick={() => void act('cancel')}>
              Cancel
            </Button>
          </Flex>
        )}
        {status === 'expired' && !error && <Typography.Text type="secondary">This request expired before it was confirmed. Ask again to redo it.</Typography.Text>}
        {status === 'cancelled' && <Typography.Text type="secondary">Cancelled: nothing was changed.</Typography.Text>}
        {error && <Alert role="alert" type="error" showIcon message={error} />}
        {action.status === 'failed' && action.error && <Alert role="alert" type="error" showIcon message={action.error} />}
        {action.status === 'confirmed' && action.result && <ToolResultView result={action.result} />}
      </Flex>
    </Card>
  );
}
