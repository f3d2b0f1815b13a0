/** A listing's status and sync state as tags (contract/listings.ts); preset colours pass WCAG AA contrast, antd's status ones do not. */
import { Tag, Tooltip } from 'antd';
import type { ListingStatus, SyncState } from '../../contract/listings';

const STATUS: Record<ListingStatus, { color: string; label: string }> = {
  draft: { color: 'default', label: 'Draft' },
  active: { color: 'green', label: 'Active' },
  paused: { color: 'orange', label: 'Paused' },
  ended: { color: 'default', label: 'Ended' },
  error: { color: 'red', label: 'Refused' },
};
export const LISTING_STATUS_LABEL: Record<ListingStatus, string> = Object.fromEntries(Object.entries(STATUS).map(([k, v]) => [k, v.label])) as Record<ListingStatus, string>;

const SYNC: Record<SyncState, { color: string; label: string; hint: string }> = {
  pending: { color: 'blue', label: 'Pending', hint: 'Waiting for the connector to push this change' },
  synced: { color: 'green', label: 'Synced', hint: 'The marketplace has the latest version' },
  failed: { color: 'red', label: 'Push failed', hint: 'The push failed; it is retried, then kept in the DLQ' },
};

export function ListingStatusTag({ status }: { status: ListingStatus }) {
  const s = STATUS[status];
  return <Tag color={s.color}>{s.label}</Tag>;
}

export function SyncStateTag({ state }: { state: SyncState }) {
  const s = SYNC[state];
  return (
    <Tooltip title={s.hint}>
      <Tag color={s.color} bordered={false}>
        {s.label}
      </Tag>
    </Tooltip>
  );
}
