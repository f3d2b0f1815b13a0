/**
 * Refine live provider over the tab's one stream (docs/events.md "Live routing"): `useList` with liveMode "auto"
 * subscribes to `resources/<name>` and refetches when a matching event arrives.
 */
import type { LiveEvent, LiveProvider } from '@refinedev/core';
import type { LiveHub } from './hub';

export function createLiveProvider(hub: LiveHub): LiveProvider {
  return {
    subscribe({ channel, types, callback }) {
      return hub.subscribe(channel, (e) => {
        const type = e.event.split('.').pop() ?? e.event;
        if (types.length > 0 && !types.includes('*') && !types.includes(type) && !types.includes(e.event)) return;
        // `ids` as strings last: a payload's numeric ids (DLQ entries) must not replace them
        const live: LiveEvent = { channel, type, payload: { ...(e.data as object), ids: idsOf(e.data) }, date: new Date(e.timestamp) };
        callback(live);
      });
    },
    unsubscribe(subscription: () => void) {
      subscription();
    },
  };
}

function idsOf(data: unknown): string[] | undefined {
  const d = data as { id?: unknown; ids?: unknown } | null;
  if (!d) return undefined;
  if (Array.isArray(d.ids)) return d.ids.map(String);
  if (d.id !== undefined) return [String(d.id)];
  return undefined;
}
