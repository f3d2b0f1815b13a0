/**
 * The one fake API of the component tests: fetch stubbed behind the browser's real API client and
 * data provider (providers/app-client), every request recorded and answered by the first handler that
 * answers it (404 "no fake for …" when none does). CSRF token requests are answered and not recorded.
 */
import { vi } from 'vitest';

export interface Call { method: string; path: string; query: URLSearchParams; body: unknown }

export type Handler = (call: Call) => { status?: number; body?: unknown } | undefined;

/** Stubs fetch: each request is recorded and answered by the first handler that answers it. */
export function fakeApi(handlers: Handler[]) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, window.location.origin);
    const call: Call = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    if (call.path === '/csrf') return new Response(JSON.stringify({ token: 'csrf' }), { status: 200 });
    calls.push(call);
    for (const h of handlers) {
      const r = h(call);
      if (r) return new Response(r.body === undefined ? '' : JSON.stringify(r.body), { status: r.status ?? 200 });
    }
    return new Response(JSON.stringify({ message: `no fake for ${call.method} ${call.path}`, code: 'not_found' }), { status: 404 });
  });
  return {
    calls,
    of: (method: string, path: string | RegExp) => calls.filter((c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path))),
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;

/** A list answer of the API (`{data, pagination, _meta}`). */
export const listOf = <T,>(data: T[], total = data.length) => ({
  data,
  pagination: { total, limit: 50, offset: 0 },
  _meta: { mocked: false, timestamp: new Date().toISOString(), source: 'api' },
});
