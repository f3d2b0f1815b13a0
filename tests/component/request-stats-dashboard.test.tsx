// @vitest-environment jsdom
/**
 * Request Statistics count every request the console sends (docs/api-client.md "Request log",
 * docs/product/shell.md "Top bar and diagnostics"): on /dashboard the cards' reads (Refine's
 * `useCustom` through the API client), their live refetches, and the health check's `HEAD /health`
 * behind the API Health card and the status badge, which does not go through the API client but
 * through the console's one logged fetch (providers/console-fetch.ts). Each request the fake server
 * saw is one request in the statistics the Diagnostics drawer shows. And no other code of the console
 * reaches the network past those two.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));
vi.mock('../../providers/auth/auth-context', () => ({ useAuth: () => ({ email: 'admin@demo.local', profile: { role: 'admin' } }) }));

import { resourceChannel } from '../../contract/events';
import { consoleFetch, requestLog } from '../../providers/console-fetch';
import { useRequestStats } from '../../providers/app-client';
import { createLiveProvider } from '../../providers/live/live-provider';
import type { LiveHub } from '../../providers/live/hub';
import DashboardPage from '../../src/pages/dashboard-page';
import { DiagnosticsDrawer } from '../../src/shell/diagnostics-drawer';
import { HealthProvider } from '../../src/shell/health/health-context';
import { fakeHub } from './ops-harness';
import { fakeApi } from './support/fake-api';
import { pageTestHooks } from './support/page-test-hooks';
import { renderConsole } from './support/render-console';

vi.setConfig({ testTimeout: 60_000 });
pageTestHooks('admin');

const SUMMARY = { to_ship: 3, held: 1, awaiting_supplier: 2, late_shipments: 0, exceptions: 0, open_returns: 4 };

/** The Diagnostics drawer as the app layout opens it: the statistics of the console's request log. */
function DiagnosticsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Diagnostics</button>
      {open && <Drawer />}
    </>
  );
}
function Drawer() {
  return <DiagnosticsDrawer open onClose={() => undefined} stats={useRequestStats()} mode="test" version="0" email="admin@demo.local" fetchFn={consoleFetch} />;
}

describe('Request Statistics on the dashboard', () => {
  it("count the cards' reads, their live refetches and the health check, as many as the server received", async () => {
    const api = fakeApi([
      (c) => (c.method === 'HEAD' && c.path === '/health' ? { status: 200 } : undefined),
      (c) => (c.method === 'GET' && c.path === '/health' ? { body: { status: 'ok', environment: 'test', version: '0', commit: 'abc1234' } } : undefined),
      (c) => (c.method === 'GET' && c.path === '/fulfillment/summary' ? { body: { data: SUMMARY } } : undefined),
      (c) => (c.method === 'GET' && c.path === '/listings/top-offenders' ? { body: { data: [] } } : undefined),
    ]);
    const before = requestLog.events().length;
    const hub = fakeHub();
    renderConsole({
      role: 'admin',
      path: '/dashboard',
      route: '/dashboard',
      liveProvider: createLiveProvider(hub as unknown as LiveHub),
      liveHub: hub as unknown as LiveHub,
      page: (
        <HealthProvider endpoint="/health" fetch={consoleFetch} now={() => Date.now()}>
          <DashboardPage />
          <DiagnosticsButton />
        </HealthProvider>
      ),
    });

    // the cards answered, and the API Health card shows the health check's reading
    await screen.findByRole('list', { name: 'Fulfillment figures' });
    await screen.findByText(/No open MAP violations/);
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'API Health' })).getByText('Healthy')).toBeInTheDocument());
    expect(api.of('HEAD', '/health')).toHaveLength(1);

    // a live event refreshes the fulfillment card: one more read, counted as well
    hub.emit(resourceChannel('orders'), 'orders.created', { id: 'o1' });
    await waitFor(() => expect(api.of('GET', '/fulfillment/summary')).toHaveLength(2));
    await waitFor(() => expect(requestLog.events().length - before).toBe(api.calls.length));

    const mine = requestLog.events().slice(before);
    expect(mine.map((e) => `${e.method} ${e.endpoint}`).sort()).toEqual(api.calls.map((c) => `${c.method} ${c.path}`).sort());
    const cards = mine.filter((e) => ['/health', '/fulfillment/summary', '/listings/top-offenders'].includes(e.endpoint));
    expect(cards.length).toBe(4);
    expect(cards.every((e) => e.status === 200 && e.error === undefined && !e.mocked)).toBe(true);

    // the drawer opened now shows that count as "Total requests"; its own GET /health (the server's
    // environment) is one more request, counted in the log as well
    const sent = api.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Diagnostics' }));
    const cell = (await screen.findByText('Total requests')).closest('tr')!;
    expect(within(cell).getByText(String(sent))).toBeInTheDocument();
    await screen.findByText('test', { selector: '[data-testid="server-environment"]' });
    expect(api.of('GET', '/health')).toHaveLength(1);
    await waitFor(() => expect(requestLog.events().length - before).toBe(sent + 1));
    expect(requestLog.stats().total).toBeGreaterThanOrEqual(sent + 1);
  });

  it('no other code of the console sends a request: fetch and XMLHttpRequest are called by the API client and the logged fetch only', () => {
    const root = resolve(__dirname, '../..');
    /** Where a direct request is the design, and why it is still counted (or has nothing to count it). */
    const ALLOWED: Record<string, string> = {
      'providers/console-fetch.ts': 'the logged fetch itself',
      'providers/app-client.ts': "the API client's transport: the client records each call",
      'providers/api/xhr-upload.ts': "the API client's upload transport: the client records each call",
      'src/pages/auth/sign-in-form.tsx': 'the sign-in page, shared with the light /auth entry, which has no request log',
    };
    const DIRECT = /window\.fetch\(|globalThis\.fetch\(|(?<![\w.])fetch\(|new XMLHttpRequest\(/;
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? files(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : []));
    const direct = ['src', 'resources', 'providers']
      .flatMap((d) => files(join(root, d)))
      .map((f) => relative(root, f))
      .filter((f) => !(f in ALLOWED) && readFileSync(join(root, f), 'utf8').split('\n').some((line) => !/^\s*(\/\/|\*)/.test(line) && DIRECT.test(line)));
    expect(direct).toEqual([]);
  });
});
