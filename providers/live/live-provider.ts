/**
 * Refine live provider over the tab's one stream (docs/events.md "Live routing"): `useList` with liveMode "auto"
 * subscribes to `resources/<name>` and refetches when a matching event arrives.
 *
 * Refine's data hooks (`params.subscriptionType` set: useList, useTable, useOne, useMany) invalidate
 * every query of their resource on each event, so their callbacks are coalesced per channel
 * (coalescer.ts): a burst costs each visible query one refetch, refetches keep a floor between them
 * while events keep coming, and a hidden tab refetches once when it shows again. Each such
 * subscription gets the last event that matched it. Explicit `useSubscription` calls (no
 * subscriptionType) may need every event (the order timeline): they get each one as it comes.
 */
import type { LiveEvent, LiveProvider } from '@refinedev/core';
import type { LiveHub } from './hub';
import type { StreamEvent } from './stream-client';
import { coalescer, type Coalescer, type CoalescerOptions } from './coalescer';

interface Group {
  coalescer: Coalescer;
  /** The subscriptions an event matched since the last call, each with the last such event. */
  pending: Map<object, { callback: (e: LiveEvent) => void; event: LiveEvent }>;
  members: number;
}

export function createLiveProvider(hub: LiveHub, options: CoalescerOptions = {}): LiveProvider {
  const groups = new Map<string, Group>();
  const groupOf = (channel: string): Group => {
    let g = groups.get(channel);
    if (!g) {
      const pending: Group['pending'] = new Map();
      const flush = () => {
        const batch = [...pending.values()];
        pending.clear();
        for (const { callback, event } of batch) callback(event);
      };
      g = { coalescer: coalescer(flush, options), pending, members: 0 };
      groups.set(channel, g);
    }
    return g;
  };
  return {
    subscribe({ channel, types, callback, params }) {
      const toLive = (e: StreamEvent): LiveEvent | null => {
        const type = e.event.split('.').pop() ?? e.event;
        if (types.length > 0 && !types.includes('*') && !types.includes(type) && !types.includes(e.event)) return null;
        // `ids` as strings last: a payload's numeric ids (DLQ entries) must not replace them
        return { channel, type, payload: { ...(e.data as object), ids: idsOf(e.data) }, date: new Date(e.timestamp) };
      };
      if (!params?.subscriptionType) {
        return hub.subscribe(channel, (e) => {
          const live = toLive(e);
          if (live) callback(live);
        });
      }
      const g = groupOf(channel);
      const key = {};
      g.members++;
      const stop = hub.subscribe(channel, (e) => {
        const live = toLive(e);
        if (!live) return;
        g.pending.set(key, { callback, event: live });
        g.coalescer.trigger();
      });
      return () => {
        stop();
        g.pending.delete(key);
        if (--g.members > 0) return;
        g.coalescer.cancel();
        groups.delete(channel);
      };
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
