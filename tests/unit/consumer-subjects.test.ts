/** Consumer building blocks (docs/events.md): subject patterns, backoff steps, webhook URL policy, signatures. */
import { describe, expect, it } from 'vitest';
import { compileMatcher, isValidPattern, subjectFilterRegex } from '../../server/events/subjects';
import { backoffDelay } from '../../server/events/config';
import { checkWebhookUrl } from '../../server/events/webhooks/url-policy';
import { sign, verify } from '../../server/events/webhooks/signing';
import { durablesOf } from '../../server/events/jetstream/naming';

describe('subject patterns', () => {
  it('matches NATS-style wildcards', () => {
    const m = compileMatcher(['orders.*']);
    expect(m('orders.created')).toBe(true);
    expect(m('orders.status.changed')).toBe(false);
    expect(compileMatcher(['orders.>'])('orders.status.changed')).toBe(true);
    expect(compileMatcher(['>'])('anything.at.all')).toBe(true);
    expect(compileMatcher(['*.created'])('products.created')).toBe(true);
    expect(compileMatcher(['alerts.raised', 'jobs.*'])('jobs.done')).toBe(true);
    expect(compileMatcher(['orders.created'])('orders_created')).toBe(false);
  });

  it('rejects malformed patterns and treats plain API filters as prefixes', () => {
    expect(isValidPattern('orders.**')).toBe(false);
    expect(isValidPattern('orders.>.x')).toBe(false);
    expect(isValidPattern('')).toBe(false);
    expect(new RegExp(subjectFilterRegex('orders')).test('orders.created')).toBe(true);
    expect(new RegExp(subjectFilterRegex('orders.c')).test('ordersXcreated')).toBe(false);
  });

  it('gives one JetStream durable per stream and filter (one filter subject each)', () => {
    expect(durablesOf('SC_', 'hooks', ['orders.*'])).toEqual([{ stream: 'SC_ORDERS', durable: 'hooks__ORDERS__0', filter: 'SC_ORDERS.orders.*' }]);
    expect(durablesOf('SC_', 'all', ['>'])).toHaveLength(7);
  });
});

describe('backoff', () => {
  it('uses the step of the attempt and repeats the last one', () => {
    const steps = [1000, 5000, 30000];
    expect([1, 2, 3, 4, 9].map((a) => backoffDelay(steps, a))).toEqual([1000, 5000, 30000, 30000, 30000]);
  });
});

describe('webhook URL policy (SSRF)', () => {
  it('allows http(s) only, never link-local or credentials; private targets only when allowed', () => {
    expect(checkWebhookUrl('https://hooks.example.com/x', false).ok).toBe(true);
    expect(checkWebhookUrl('ftp://example.com/', true).ok).toBe(false);
    expect(checkWebhookUrl('http://169.254.169.254/latest', true).ok).toBe(false);
    expect(checkWebhookUrl('http://a:b@example.com/', true).ok).toBe(false);
    expect(checkWebhookUrl('http://127.0.0.1:9/', true).ok).toBe(true);
    expect(checkWebhookUrl('http://127.0.0.1:9/', false).ok).toBe(false);
    expect(checkWebhookUrl('http://10.1.2.3/', false).ok).toBe(false);
    expect(checkWebhookUrl('http://[::1]/', false).ok).toBe(false);
    expect(checkWebhookUrl('http://localhost/', false).ok).toBe(false);
  });
});

describe('webhook signatures', () => {
  it('signs timestamp + "." + body with HMAC-SHA256 and verifies only the same secret, time and body', () => {
    const sig = sign('whsec_x', '1700000000', '{"id":1}');
    expect(sig).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verify('whsec_x', '1700000000', '{"id":1}', sig)).toBe(true);
    expect(verify('whsec_y', '1700000000', '{"id":1}', sig)).toBe(false);
    expect(verify('whsec_x', '1700000001', '{"id":1}', sig)).toBe(false);
    expect(verify('whsec_x', '1700000000', '{"id":2}', sig)).toBe(false);
  });
});
