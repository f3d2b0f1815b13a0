/**
 * A fake live hub for the ops and listings component tests (providers/live's `liveHub`, or the hub
 * behind the console's live provider): the test emits events on a channel and changes the connection
 * state. The fake API and the render helper are in ./support (fake-api.ts, render-console.tsx).
 */
import type { StreamEvent, StreamState } from '../../providers/live';

/** A live hub the test drives: emit events on a channel, change the connection state. */
export function fakeHub() {
  const subs = new Map<string, Set<(e: StreamEvent) => void>>();
  const stateFns = new Set<(s: StreamState) => void>();
  let state: StreamState = 'disconnected';
  return {
    subscribe(channel: string, fn: (e: StreamEvent) => void) {
      if (!subs.has(channel)) subs.set(channel, new Set());
      subs.get(channel)!.add(fn);
      return () => subs.get(channel)!.delete(fn);
    },
    onState(fn: (s: StreamState) => void) {
      stateFns.add(fn);
      return () => stateFns.delete(fn);
    },
    get state() {
      return state;
    },
    recent: () => [],
    held: [] as number[],
    holdHeartbeat(ms: number) {
      this.held.push(ms);
      return () => void this.held.splice(this.held.indexOf(ms), 1);
    },
    close: () => undefined,
    emit(channel: string, event: string, data: unknown = {}) {
      const e: StreamEvent = { id: '1', event, data, timestamp: new Date().toISOString(), channel };
      for (const fn of subs.get(channel) ?? []) fn(e);
    },
    setState(s: StreamState) {
      state = s;
      for (const fn of stateFns) fn(s);
    },
    listeners: (channel: string) => subs.get(channel)?.size ?? 0,
  };
}
