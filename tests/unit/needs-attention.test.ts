/** Needs attention, rule by rule (contract/needs-attention.ts, docs/alerts.md "Needs attention"). */
import { describe, expect, it } from 'vitest';
import { needsAttention, type NeedsAttentionInput } from '../../contract/needs-attention';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

type A = NeedsAttentionInput['alerts'][number];
let n = 0;
const alert = (over: Partial<A> = {}): A => ({
  id: `a${++n}`, type: 'connector_failed', severity: 'high', level: 'warning', message: `alert ${n}`, source: 'test', link: null,
  last_seen_at: ago(MIN), resolved: false, count: 1, ...over,
});
const input = (over: Partial<NeedsAttentionInput> = {}): NeedsAttentionInput => ({
  now: NOW, dlq: { pending: 0, oldestAt: null }, alerts: [], agents: [], consumers: [], ...over,
});
const dlq = (pending: number) => needsAttention(input({ dlq: { pending, oldestAt: ago(HOUR) } }));

describe('needs attention', () => {
  it('is empty when nothing needs attention', () => {
    expect(needsAttention(input())).toEqual([]);
  });

  it('DLQ pending: over 50 is critical priority 1, over 10 a warning priority 3, 10 or fewer nothing', () => {
    expect(dlq(10)).toEqual([]);
    expect(dlq(11)).toMatchObject([{ id: 'dlq-pending', severity: 'warning', priority: 3, deepLink: '/streams?tab=dlq' }]);
    expect(dlq(50)).toMatchObject([{ severity: 'warning', priority: 3 }]);
    expect(dlq(51)).toMatchObject([{ severity: 'critical', priority: 1, title: '51 messages in the dead-letter queue' }]);
    expect(dlq(51)).toHaveLength(1);
  });

  it('a critical alert counts within the last hour, unresolved; other severities do not', () => {
    const inHour = alert({ severity: 'critical', last_seen_at: ago(HOUR) });
    const older = alert({ severity: 'critical', last_seen_at: ago(HOUR + 1000) });
    const resolved = alert({ severity: 'critical', resolved: true });
    const high = alert({ severity: 'high' });
    const items = needsAttention(input({ alerts: [inHour, older, resolved, high] }));
    expect(items.map((i) => [i.id, i.priority, i.severity])).toEqual([[`alert-${inHour.id}`, 2, 'critical']]);
  });

  it('degraded and offline agents are priority 4, healthy ones nothing', () => {
    const items = needsAttention(input({
      agents: [
        { name: 'repricer', status: 'healthy', last_heartbeat: ago(MIN) },
        { name: 'listing-push', status: 'degraded', last_heartbeat: ago(2 * MIN) },
        { name: 'sandbox-clock', status: 'offline', last_heartbeat: ago(HOUR) },
      ],
    }));
    expect(items.map((i) => [i.title, i.priority, i.severity])).toEqual([
      ['listing-push is degraded', 4, 'warning'],
      ['sandbox-clock is offline', 4, 'critical'],
    ]);
  });

  it('consumer lag over 1000 is priority 5; 1000 is not', () => {
    const items = needsAttention(input({ consumers: [{ name: 'a', lag: 1000 }, { name: 'b', lag: 1001 }] }));
    expect(items.map((i) => [i.id, i.priority])).toEqual([['lag-b', 5]]);
  });

  it('a policy-related alert (MAP, buy box) is priority 6 whatever its age; a critical one is listed once, as critical', () => {
    const map = alert({ type: 'map_violation', severity: 'warning', last_seen_at: ago(30 * 24 * HOUR) });
    const box = alert({ type: 'buy_box_drop', severity: 'critical' });
    const items = needsAttention(input({ alerts: [map, box] }));
    expect(items.map((i) => [i.id, i.priority])).toEqual([[`alert-${box.id}`, 2], [`alert-${map.id}`, 6]]);
  });

  it('a recent error alert is priority 7, within 24 hours only', () => {
    const recent = alert({ level: 'error', last_seen_at: ago(24 * HOUR) });
    const old = alert({ level: 'error', last_seen_at: ago(24 * HOUR + 1000) });
    const items = needsAttention(input({ alerts: [recent, old] }));
    expect(items.map((i) => [i.id, i.priority, i.severity])).toEqual([[`alert-${recent.id}`, 7, 'error']]);
  });

  it('error alerts only fill the list while fewer than 7 items exist, and never push out a more urgent one', () => {
    const lagging = Array.from({ length: 6 }, (_, i) => ({ name: `c${i}`, lag: 5000 }));
    const errors = [alert({ level: 'error' }), alert({ level: 'error' })];
    const six = needsAttention(input({ consumers: lagging, alerts: errors }));
    expect(six.map((i) => i.priority)).toEqual([5, 5, 5, 5, 5, 5, 7]);
    expect(six[6].id).toBe(`alert-${errors[0].id}`); // the newest error first
    const seven = needsAttention(input({ consumers: [...lagging, { name: 'c6', lag: 5000 }], alerts: errors }));
    expect(seven.map((i) => i.priority)).toEqual([5, 5, 5, 5, 5, 5, 5]);
  });

  it('caps the list at 7, sorted by priority, the most urgent kept', () => {
    const items = needsAttention(input({
      dlq: { pending: 60, oldestAt: ago(HOUR) },
      alerts: [alert({ severity: 'critical' }), alert({ type: 'map_violation' }), alert({ level: 'error' })],
      agents: Array.from({ length: 4 }, (_, i) => ({ name: `w${i}`, status: 'degraded' as const, last_heartbeat: ago(MIN) })),
      consumers: [{ name: 'c', lag: 2000 }, { name: 'd', lag: 3000 }],
    }));
    expect(items).toHaveLength(7);
    expect(items.map((i) => i.priority)).toEqual([1, 2, 4, 4, 4, 4, 5]);
  });
});
