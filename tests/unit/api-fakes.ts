/** Test doubles for the API client: scripted fetch, manual clock, recorded sleeps, in-memory storage. */
import type { ApiClientDeps } from '../../providers/api';

export type Reply = Response | Error | ((url: string, init: RequestInit) => Response | Promise<Response>);

export interface FetchCall { url: string; init: RequestInit; headers: Record<string, string> }

export function json(body: unknown, status = 200, headers: Record<string, string> = {}, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    map: m,
  };
}

export const T0 = Date.parse('2025-01-01T00:00:00Z');

export function fakeDeps(over: Partial<ApiClientDeps> = {}) {
  const replies: Reply[] = [];
  const calls: FetchCall[] = [];
  const sleeps: number[] = [];
  const authRequired: string[] = [];
  const clock = { now: T0 };
  const storage = memoryStorage();
  let ids = 0;
  const deps: ApiClientDeps = {
    fetch: async (input, init = {}) => {
      const url = String(input);
      calls.push({ url, init, headers: { ...(init.headers as Record<string, string>) } });
      const next = replies.shift();
      if (!next) throw new Error(`unexpected fetch ${url}`);
      if (next instanceof Error) throw next;
      return typeof next === 'function' ? next(url, init) : next;
    },
    baseUrl: 'https://console.test',
    clientVersion: '1.2.3',
    getAccessToken: () => 'token-1',
    refreshSession: async () => 'token-2',
    getTenantId: () => 'tenant-a',
    onAuthRequired: (next) => void authRequired.push(next),
    currentPath: () => '/orders?status=pending',
    now: () => clock.now,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock.now += ms;
    },
    random: () => 0.5,
    uuid: () => `id-${++ids}`,
    storage,
    ...over,
  };
  return { deps, replies, calls, sleeps, authRequired, clock, storage };
}
