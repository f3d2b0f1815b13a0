import { describe, expect, it } from 'vitest';
import { createApiClient, createRequestLog, type RequestEvent } from '../../providers/api';
import { fakeDeps, json, T0 } from './api-fakes';

function ev(i: number, at: number, over: Partial<RequestEvent> = {}): RequestEvent {
  return { endpoint: `/e${i}`, method: 'GET', status: 200, duration: 5, mocked: false, correlationId: `c${i}`, timestamp: at, ...over };
}

describe('request log (docs/product/data.md, docs/product/constants.md)', () => {
  it('keeps the last 100 events and the last 100 correlation ids', () => {
    const clock = { now: T0 };
    const log = createRequestLog(() => clock.now);
    for (let i = 0; i < 130; i++) log.record(ev(i, T0));
    expect(log.events()).toHaveLength(100);
    expect(log.events()[0].endpoint).toBe('/e30');
    expect(log.events()[99].endpoint).toBe('/e129');
    expect(log.correlations().size).toBe(100);
    expect(log.correlation('c29')).toBeUndefined();
    expect(log.correlation('c30')).toEqual({ endpoint: '/e30', method: 'GET', timestamp: T0 });
  });

  it('stats cover only the last 60 s', () => {
    const clock = { now: T0 };
    const log = createRequestLog(() => clock.now);
    log.record(ev(1, T0, { mocked: true }));
    log.record(ev(2, T0 + 30_000, { error: 'boom', status: 500 }));
    log.record(ev(3, T0 + 50_000));
    log.record(ev(4, T0 + 55_000, { mocked: true, error: 'Failed to fetch', status: 0 }));
    clock.now = T0 + 60_000;
    expect(log.stats()).toEqual({ total: 4, mocked: 2, mockedPercent: 50, errorRate: 0.5 });
    clock.now = T0 + 60_001;
    expect(log.stats()).toEqual({ total: 3, mocked: 1, mockedPercent: (1 / 3) * 100, errorRate: 2 / 3 });
    clock.now = T0 + 200_000;
    expect(log.stats()).toEqual({ total: 0, mocked: 0, mockedPercent: 0, errorRate: 0 });
  });

  it('notifies subscribers until they unsubscribe', () => {
    const log = createRequestLog(() => T0);
    const seen: string[] = [];
    const off = log.subscribe((e) => seen.push(e.endpoint));
    log.record(ev(1, T0));
    off();
    log.record(ev(2, T0));
    expect(seen).toEqual(['/e1']);
  });

  it('the client records method, status, duration, request id, correlation and causation ids', async () => {
    const f = fakeDeps(); // its sleep advances the clock
    f.replies.push(json({}, 503), json({ ok: true }, 200, { 'X-Request-Id': 'req-42' }));
    const client = createApiClient(f.deps);
    await client.get('/ops/summary', { causationId: 'cause-1' });
    const [e] = client.log.events();
    expect(e).toEqual({
      endpoint: '/ops/summary',
      method: 'GET',
      status: 200,
      duration: 1000,
      mocked: false,
      requestId: 'req-42',
      correlationId: 'id-1',
      causationId: 'cause-1',
      timestamp: T0 + 1000,
    });
    expect(client.log.correlation('id-1')).toMatchObject({ endpoint: '/ops/summary' });
  });

  it('a failed call is logged with its status and error', async () => {
    const f = fakeDeps();
    f.replies.push(json({ message: 'Supplier not found' }, 404, {}, 'Not Found'));
    const client = createApiClient(f.deps);
    await client.get('/suppliers/9').catch(() => undefined);
    expect(client.log.events()[0]).toMatchObject({ status: 404, error: 'Supplier not found', mocked: false });
  });
});
