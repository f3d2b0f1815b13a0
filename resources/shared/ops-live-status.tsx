/**
 * Live tail indicator — docs/product/shell.md "States and transitions" (live stream connection) and "Dashboard" (badge
 * "Live", "Connecting..." or "Offline"): the state of the tab's one stream (providers/live hub), as a small accessible badge.
 */
import { useSyncExternalStore } from 'react';
import { Tooltip } from 'antd';
import { StatusDot } from '../../src/shell/status-dot';
import type { LiveHub } from '../../providers/live/hub';
import type { StreamState } from '../../providers/live';

export type LiveLabel = 'Live' | 'Connecting...' | 'Offline';

/** connected → Live; connecting, or an error while a reconnect is scheduled → Connecting...; else Offline. */
export function liveLabel(state: StreamState): LiveLabel {
  if (state === 'connected') return 'Live';
  if (state === 'connecting' || state === 'error') return 'Connecting...';
  return 'Offline';
}

export function useLiveState(hub: Pick<LiveHub, 'onState' | 'state'>): StreamState {
  return useSyncExternalStore(
    (notify) => hub.onState(() => notify()),
    () => hub.state,
  );
}

const COLOR: Record<LiveLabel, 'success' | 'processing' | 'default'> = { Live: 'success', 'Connecting...': 'processing', Offline: 'default' };

export function LiveBadge({ hub }: { hub: Pick<LiveHub, 'onState' | 'state'> }) {
  const state = useLiveState(hub);
  const label = liveLabel(state);
  return (
    <Tooltip title={`Event stream: ${state}`}>
      <span role="status" aria-live="polite" data-testid="live-badge" tabIndex={0}>
        <StatusDot status={COLOR[label]} text={label} />
      </span>
    </Tooltip>
  );
}
