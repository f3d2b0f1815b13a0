/**
 * Shared set-up of the ops component tests: a fake API behind the real API client (fetch stubbed,
 * every request recorded), a fake live hub, and the providers the pages need (router, react-query,
 * antd App). jsdom lacks matchMedia and ResizeObserver, which antd's grid and tables use.
 */
import type { ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { Refine } from '@refinedev/core';
import { App as AntApp } from 'antd';
import { vi } from 'vitest';
import type { StreamEvent, StreamState } from '../../providers/live';
// the test files mock providers/supabase before this module loads (vi.mock is hoisted)
import { dataProvider } from '../../providers/app-client';
import { routerProvider } from '../../providers/router/router-provider';

export interface Call { method: string; path: string; query: URLSearchParams; body: unknown }

export type Handler = (call: Call) => { status?: number; body?: unknown } | undefined;

export function installDomShims(): void {
  // role queries walk antd's large trees slowly in jsdom
  configure({ asyncUtilTimeout: 5_000 });
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  }
  if (!('ResizeObserver' in window)) {
    class RO {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('ResizeObserver', RO);
  }
}

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

export const listOf = <T,>(data: T[], total = data.length) => ({
  data,
  pagination: { total, limit: 50, offset: 0 },
  _meta: { mocked: false, timestamp: new Date().toISOString(), source: 'api' },
});

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

function Location() {
  const l = useLocation();
  return <output data-testid="location">{l.pathname + l.search}</output>;
}

/**
 * Renders a page inside Refine with the browser's own data provider (the real API client over the
 * stubbed fetch) and the console's router provider, as the app does.
 */
export function renderAt(path: string, route: string, page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 } } });
  return render(
    <AntApp>
      <MemoryRouter initialEntries={[path]}>
        <Refine
          dataProvider={dataProvider}
          routerProvider={routerProvider}
          resources={[{ name: 'dlq', list: '/ops/dlq' }, { name: 'streams', list: '/streams' }, { name: 'webhooks', list: '/settings/webhooks' }, { name: 'ops', list: '/ops' }]}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: client } }}
        >
          <Routes>
            <Route path={route} element={page} />
          </Routes>
          <Location />
        </Refine>
      </MemoryRouter>
    </AntApp>,
  );
}
