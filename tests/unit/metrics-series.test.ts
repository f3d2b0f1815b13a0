/**
 * The per-minute SLO series of server/events/metrics.ts (docs/ops-ui.md "System Health"): per tenant,
 * 60 minutes oldest first, 5xx answers counted as errors, percentiles from the latency bins at most
 * 25 % above the exact figure and never above the slowest request, minutes older than the hour gone.
 */
import { describe, expect, it } from 'vitest';
import { Metrics } from '../../server/events/metrics';

const MIN = 60_000;
const T0 = Math.floor(Date.UTC(2026, 0, 1, 12, 0) / MIN) * MIN;

describe('Metrics.sloHour', () => {
  it('buckets the tenant requests per minute with their errors and latencies', () => {
    const m = new Metrics();
    for (let i = 1; i <= 100; i++) m.recordRequest(i, i <= 2 ? 503 : 200, 'a', T0 + 10 * MIN + 1_000);
    m.recordRequest(40, 200, 'a', T0 + 12 * MIN);
    m.recordRequest(5, 500, 'b', T0 + 12 * MIN);
    const h = m.sloHour('a', T0 + 12 * MIN + 30_000);
    expect(h.minutes).toHaveLength(60);
    expect(h.minutes[59].at).toBe(new Date(T0 + 12 * MIN).toISOString());
    const ten = h.minutes.find((x) => x.at === new Date(T0 + 10 * MIN).toISOString())!;
    expect(ten).toMatchObject({ requests: 100, errors: 2, availability: 0.98, error_rate: 0.02 });
    // exact p95 is 95 ms, p99 99 ms: the bins read at most 25 % above, never above the slowest (100 ms)
    expect(ten.latency_p95).toBeGreaterThanOrEqual(95);
    expect(ten.latency_p95).toBeLessThanOrEqual(95 * 1.25);
    expect(ten.latency_p99).toBeGreaterThanOrEqual(99);
    expect(ten.latency_p99).toBeLessThanOrEqual(100);
    expect(h.minutes[59]).toMatchObject({ requests: 1, errors: 0, latency_p95: 40, latency_p99: 40 });
    expect(h.minutes[58]).toMatchObject({ requests: 0, availability: null, error_rate: null, latency_p95: null });
    expect(h).toMatchObject({ requests: 101, availability: 0.9802, error_rate: 0.0198, window_s: 3600 });
    // tenant b's 5xx is not a's
    expect(m.sloHour('b', T0 + 12 * MIN).minutes[59]).toMatchObject({ requests: 1, errors: 1, availability: 0 });
    expect(m.sloHour('nobody', T0).requests).toBe(0);
  });

  it('forgets minutes older than the hour', () => {
    const m = new Metrics();
    m.recordRequest(10, 200, 'a', T0);
    m.recordRequest(10, 200, 'a', T0 + 30 * MIN);
    expect(m.sloHour('a', T0 + 30 * MIN).requests).toBe(2);
    m.recordRequest(10, 200, 'a', T0 + 61 * MIN);
    const h = m.sloHour('a', T0 + 61 * MIN);
    expect(h.requests).toBe(2);
    expect(h.minutes[0].at).toBe(new Date(T0 + 2 * MIN).toISOString());
  });
});
