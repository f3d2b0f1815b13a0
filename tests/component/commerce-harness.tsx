/**
 * A Refine app around one commerce page for component tests: an in-memory data provider that records
 * every call (and can be told to fail one), a notification provider that records toasts, and the
 * current location in `<output data-testid="where">`.
 */
import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Refine, type BaseRecord, type DataProvider, type NotificationProvider, type OpenNotificationParams } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { vi } from 'vitest';

export interface Call { op: string; resource?: string; id?: unknown; url?: string; method?: string; values?: unknown }

export interface FakeApi {
  calls: Call[];
  toasts: OpenNotificationParams[];
  records: Record<string, Record<string, BaseRecord>>;
  /** Answers a custom call (variants); throw to fail it. */
  custom?: (c: Call) => unknown;
  /** Throws for create/update when set. */
  fail?: (c: Call) => void;
}

export function fakeApi(records: FakeApi['records']): FakeApi {
  return { calls: [], toasts: [], records };
}

function provider(api: FakeApi): DataProvider {
  return {
    getApiUrl: () => '/api',
    getList: async <T extends BaseRecord>({ resource, meta }: { resource: string; meta?: Record<string, unknown> }) => {
      api.calls.push({ op: 'getList', resource });
      // a list read from its own path (e.g. /suppliers/s1/mappings) is another endpoint: records keyed by that path
      const rows = Object.values(api.records[typeof meta?.path === 'string' ? meta.path : resource] ?? {}) as T[];
      return { data: rows, total: rows.length };
    },
    getOne: async <T extends BaseRecord>({ resource, id }: { resource: string; id: unknown }) => {
      api.calls.push({ op: 'getOne', resource, id });
      const r = api.records[resource]?.[String(id)];
      if (!r) throw Object.assign(new Error('not found'), { statusCode: 404 });
      return { data: structuredClone(r) as T };
    },
    create: async <T extends BaseRecord>({ resource, variables }: { resource: string; variables: unknown }) => {
      const c = { op: 'create', resource, values: variables };
      api.calls.push(c);
      api.fail?.(c);
      return { data: { id: 'new', ...(variables as object) } as T };
    },
    update: async <T extends BaseRecord>({ resource, id, variables }: { resource: string; id: unknown; variables: unknown }) => {
      const c = { op: 'update', resource, id, values: variables };
      api.calls.push(c);
      api.fail?.(c);
      return { data: { id, ...(variables as object) } as T };
    },
    deleteOne: async <T extends BaseRecord>({ resource, id }: { resource: string; id: unknown }) => {
      api.calls.push({ op: 'deleteOne', resource, id });
      delete api.records[resource]?.[String(id)];
      return { data: { id } as T };
    },
    custom: async <T extends BaseRecord>({ url, method, payload }: { url: string; method: string; payload?: unknown }) => {
      const c = { op: 'custom', url, method, values: payload };
      api.calls.push(c);
      return { data: (api.custom?.(c) ?? {}) as T };
    },
  };
}

function notifications(api: FakeApi): NotificationProvider {
  return { open: (p) => void api.toasts.push(p), close: () => {} };
}

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

const RESOURCES = [
  { name: 'products', list: '/products', show: '/products/:id', create: '/products/create', edit: '/products/:id/edit' },
  { name: 'suppliers', list: '/suppliers', show: '/suppliers/:id', create: '/suppliers/create', edit: '/suppliers/:id/edit' },
];

export function renderPage(api: FakeApi, url: string, path: string, Page: ComponentType) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Refine routerProvider={routerProvider} dataProvider={provider(api)} notificationProvider={notifications(api)} resources={RESOURCES} options={{ disableTelemetry: true }}>
        <Routes>
          <Route path={path} element={<Page />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Where />
      </Refine>
    </MemoryRouter>,
  );
}

/** antd reads browser APIs jsdom lacks. */
export function installBrowserStubs(): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ matches: false, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }),
  });
  const computed = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((elt) => computed(elt));
}
