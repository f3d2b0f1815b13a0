/**
 * providers/live/live-provider.ts (docs/events.md "Live routing"): Refine's data-hook subscriptions
 * (params.subscriptionType) are coalesced per channel; explicit useSubscription calls get every event.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@refinedev/core';
import { createLiveProvider } from '../../providers/live/live-provider';
import { ALWAYS_VISIBLE } from '../../providers/live/coalescer';
import type { LiveHub } from '../../providers/live/hub';
import type { StreamEvent } from '../../providers/live/stream-client';

function fakeHub() {
  const subs = new Map<string, Set<(e: StreamEvent) => void>>();
  const hub = {
    subscribe(channel: string, fn: (e: StreamEvent) => void) {
      if (!subs.has(channel)) subs.set(channel, new Set());
      subs.get(channel)!.add(fn);
      return () => void subs.get(channel)!.delete(fn);
    },
  } as unknown as LiveHub;
  let n = 0;
  const emit = (channel: string, event: string, data: unknown = { id: String(++n) }) => {
    for (const fn of subs.get(channel) ?? []) fn({ id: String(n), channel: 'pricing', event, data, timestamp: new Date().toISOString() } as unknown as StreamEvent);
  };
  return { hub, emit, subs };
}

const CH = 'resources/listings';

describe('live provider', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('coalesces a data hook subscription: a burst is one callback with the last event', () => {
    const { hub, emit } = fakeHub();
    const provider = createLiveProvider(hub, { windowMs: 400, floorMs: 2500, visibility: ALWAYS_VISIBLE });
    const seen: LiveEvent[] = [];
    provider.subscribe({ channel: CH, types: ['*'], params: { resource: 'listings', subscriptionType: 'useList' }, callback: (e) => seen.push(e) });
    for (let i = 0; i < 50; i++) emit(CH, 'listings.changed', { id: `l${i}` });
    expect(seen).toHaveLength(0);
    vi.advanceTimersByTime(400);
    expect(seen).toHaveLength(1);
    expect(seen[0].payload.ids).toEqual(['l49']);
    // events keep coming: one per floor
    for (let t = 0; t < 10_000; t += 100) {
      emit(CH, 'listings.changed');
      vi.advanceTimersByTime(100);
    }
    expect(seen.length).toBeLessThanOrEqual(1 + Math.ceil(10_000 / 2500));
  });

  it('calls every data hook of a channel together, each with an event its types matched', () => {
    const { hub, emit } = fakeHub();
    const provider = createLiveProvider(hub, { windowMs: 400, floorMs: 2500, visibility: ALWAYS_VISIBLE });
    const all = vi.fn();
    const many = vi.fn();
    const violations = vi.fn();
    provider.subscribe({ channel: CH, types: ['*'], params: { subscriptionType: 'useList' }, callback: all });
    provider.subscribe({ channel: CH, types: ['*'], params: { subscriptionType: 'useMany' }, callback: many });
    provider.subscribe({ channel: CH, types: ['violation_opened'], params: { subscriptionType: 'useList' }, callback: violations });
    emit(CH, 'listings.changed');
    emit(CH, 'listings.changed');
    vi.advanceTimersByTime(400);
    expect(all).toHaveBeenCalledTimes(1);
    expect(many).toHaveBeenCalledTimes(1);
    expect(violations).not.toHaveBeenCalled();
    emit(CH, 'listings.violation_opened');
    vi.advanceTimersByTime(2500);
    expect(violations).toHaveBeenCalledTimes(1);
    expect(violations.mock.calls[0][0].type).toBe('violation_opened');
  });

  it('passes explicit subscriptions (no subscriptionType) through on every event', () => {
    const { hub, emit } = fakeHub();
    const provider = createLiveProvider(hub, { windowMs: 400, floorMs: 2500, visibility: ALWAYS_VISIBLE });
    const explicit = vi.fn();
    provider.subscribe({ channel: CH, types: ['*'], params: {}, callback: explicit });
    for (let i = 0; i < 50; i++) emit(CH, 'listings.changed');
    expect(explicit).toHaveBeenCalledTimes(50);
  });

  it('unsubscribing cancels the pending call', () => {
    const { hub, emit, subs } = fakeHub();
    const provider = createLiveProvider(hub, { windowMs: 400, floorMs: 2500, visibility: ALWAYS_VISIBLE });
    const cb = vi.fn();
    const sub = provider.subscribe({ channel: CH, types: ['*'], params: { subscriptionType: 'useOne' }, callback: cb });
    emit(CH, 'listings.changed');
    provider.unsubscribe(sub);
    vi.advanceTimersByTime(10_000);
    expect(cb).not.toHaveBeenCalled();
    expect(subs.get(CH)?.size).toBe(0);
  });
});
