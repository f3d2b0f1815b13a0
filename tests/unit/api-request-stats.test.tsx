// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRequestLog, useRequestLogEvents, useRequestLogStats, type RequestEvent } from '../../providers/api';

const ev = (at: number, over: Partial<RequestEvent> = {}): RequestEvent => ({
  endpoint: '/products', method: 'GET', status: 200, duration: 3, mocked: false, correlationId: String(at), timestamp: at, ...over,
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('request-log hooks for the Diagnostics drawer (docs/product/shell.md, docs/product/constants.md)', () => {
  it('stats refresh every 5 s, so events age out of the 60 s window without new requests', () => {
    vi.useFakeTimers();
    const clock = { now: 1_000_000 };
    const log = createRequestLog(() => clock.now);
    log.record(ev(clock.now, { mocked: true }));
    const { result } = renderHook(() => useRequestLogStats(log));
    expect(result.current).toMatchObject({ total: 1, mocked: 1 });

    log.record(ev(clock.now, { error: 'boom', status: 500 }));
    act(() => vi.advanceTimersByTime(4_999));
    expect(result.current.total).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toMatchObject({ total: 2, errorRate: 0.5 });

    clock.now += 61_000;
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current.total).toBe(0);
  });

  it('events re-render on every new request', () => {
    const log = createRequestLog(() => 0);
    const { result } = renderHook(() => useRequestLogEvents(log));
    expect(result.current).toHaveLength(0);
    act(() => log.record(ev(1)));
    act(() => log.record(ev(2)));
    expect(result.current.map((e) => e.timestamp)).toEqual([1, 2]);
  });
});
