/**
 * The logged fetch (providers/api/logged-fetch.ts, docs/api-client.md "Request log"): the requests the
 * API client does not send are recorded in the same log, one event each, by the client's rules. And
 * the client itself records a call whose answer came without its body.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient, createRequestLog } from '../../providers/api';
import { loggedFetch } from '../../providers/api/logged-fetch';
import { fakeDeps, json, T0 } from './api-fakes';

function setup(answer: (url: string, init?: RequestInit) => Promise<Response>) {
  const clock = { now: T0 };
  const log = createRequestLog(() => clock.now);
  const base = async (input: RequestInfo | URL, init?: RequestInit) => {
    clock.now += 12;
    return answer(String(input), init);
  };
  const fetch = loggedFetch(log, base as typeof globalThis.fetch, { now: () => clock.now, uuid: () => 'generated-id' });
  return { log, fetch };
}

describe('loggedFetch', () => {
  it('records one event per request: its path without the query, method, status, duration, request id', async () => {
    const { log, fetch } = setup(async () => new Response(null, { status: 200, headers: { 'X-Request-Id': 'r-1' } }));
    const res = await fetch('http://api.test/health?token=secret', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(log.events()).toEqual([
      { endpoint: '/health', method: 'HEAD', status: 200, duration: 12, mocked: false, error: undefined, requestId: 'r-1', correlationId: 'generated-id', timestamp: T0 + 12 },
    ]);
    expect(log.stats()).toEqual({ total: 1, mocked: 0, mockedPercent: 0, errorRate: 0 });
  });

  it("keeps the request's own correlation id, and counts an answer that is not ok as an error", async () => {
    const { log, fetch } = setup(async () => json({ message: 'nope' }, 503));
    await fetch('/rest/v1/profiles?select=*', { headers: { 'X-Correlation-Id': 'c-7' } });
    expect(log.events()[0]).toMatchObject({ endpoint: '/rest/v1/profiles', method: 'GET', status: 503, error: 'HTTP 503', correlationId: 'c-7' });
    expect(log.stats().errorRate).toBe(1);
  });

  it('records a request that got no answer as status 0 with its error, and rethrows it', async () => {
    const { log, fetch } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetch('/auth/v1/token', { method: 'POST' })).rejects.toThrow('Failed to fetch');
    expect(log.events()[0]).toMatchObject({ endpoint: '/auth/v1/token', method: 'POST', status: 0, error: 'Failed to fetch' });
  });

  it('does not record an aborted request, as the API client does not', async () => {
    const controller = new AbortController();
    const { log, fetch } = setup(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(fetch('/health', { signal: controller.signal })).rejects.toThrow('aborted');
    expect(log.events()).toEqual([]);
  });
});

describe('the API client and the request log', () => {
  it('records a call whose answer came but whose body did not, as an error', async () => {
    const f = fakeDeps();
    const body = new ReadableStream({
      start(c) {
        c.error(new TypeError('network error'));
      },
    });
    f.replies.push(new Response(body, { status: 200 }));
    const log = createRequestLog(() => f.clock.now);
    const client = createApiClient({ ...f.deps, log });
    await expect(client.get('/products', { tenant: false })).rejects.toThrow('network error');
    expect(client.log).toBe(log);
    expect(log.events()).toHaveLength(1);
    expect(log.events()[0]).toMatchObject({ endpoint: '/products', method: 'GET', status: 200, error: 'network error', mocked: false });
  });
});
