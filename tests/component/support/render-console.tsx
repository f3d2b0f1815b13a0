/**
 * One page of the console rendered as the app renders it, for component tests: antd's App, a memory
 * router at `path`, and Refine with the browser's own data provider (the real API client over the
 * fetch that support/fake-api.ts stubs), the console's router provider and, when a role is given, its
 * access control over the module list (the console's, resources/index.ts, unless the test gives one),
 * which the shell's registry context (`useRegistry`) carries too. The page is mounted on `route` (any other location shows "elsewhere"), and the
 * current location is in `<output data-testid="location">`.
 *
 * The test file mocks providers/supabase before this module loads (vi.mock is hoisted): the API
 * client reads the session from it.
 */
import type { ComponentProps, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { Refine, type DataProvider, type LiveProvider, type ResourceProps } from '@refinedev/core';
import { App as AntApp } from 'antd';
import type { Role } from '../../../contract/roles';
import { dataProvider as appDataProvider } from '../../../providers/app-client';
import { createAccessControlProvider } from '../../../providers/access-control';
import { routerProvider } from '../../../providers/router/router-provider';
import type { PageModule } from '../../../src/lib/registry';
import { RegistryProvider, registryOf } from '../../../src/lib/registry-context';
import { modules as consoleModules } from '../../../resources';
import type { LiveHub } from '../../../providers/live/hub';
import { LiveHubProvider } from '../../../providers/live/hub-context';

/** The resources the pages under test use (links, redirects after a write, access rules). */
export const CONSOLE_RESOURCES: ResourceProps[] = [
  { name: 'products', list: '/products', show: '/products/:id', create: '/products/create', edit: '/products/:id/edit' },
  { name: 'suppliers', list: '/suppliers', show: '/suppliers/:id', create: '/suppliers/create', edit: '/suppliers/:id/edit' },
  { name: 'orders', list: '/orders', show: '/orders/:id' },
  { name: 'listings', list: '/listings', create: '/listings/create' },
  { name: 'catalog', list: '/catalog' },
  { name: 'integrations', list: '/integrations', meta: { access: 'integrations' } },
  { name: 'dlq', list: '/ops/dlq' },
  { name: 'streams', list: '/streams' },
  { name: 'webhooks', list: '/settings/webhooks' },
  { name: 'ops', list: '/ops' },
];

export interface ConsoleOptions {
  /** The URL the test opens (path and query). */
  path: string;
  /** The route pattern the page is mounted on, e.g. `/products/:id`. */
  route: string;
  page: ReactNode;
  /** The console's access control for this role; none (everything allowed) when omitted. */
  role?: Role;
  /** The page registry the access control and `useRegistry` read; the console's when omitted. */
  modules?: readonly PageModule[];
  /** Refine's live provider, with liveMode "auto". */
  liveProvider?: LiveProvider;
  /** The tab's live hub for the pages that read it directly (`useLiveHub`), as src/App.tsx hands it down. */
  liveHub?: LiveHub;
  resources?: ResourceProps[];
  /** Refine's notifications (a provider, or a hook answering one); none when omitted. */
  notificationProvider?: ComponentProps<typeof Refine>['notificationProvider'];
  /** The browser's data provider (providers/app-client) unless a test builds its own API client. */
  dataProvider?: DataProvider;
  /** A react-query client without retries (and no cache time) unless a test needs the app's own settings. */
  queryClient?: QueryClient;
}

function Location() {
  const l = useLocation();
  return <output data-testid="location">{l.pathname + l.search}</output>;
}

export function renderConsole({ path, route, page, role, modules = consoleModules, liveProvider, liveHub, resources = CONSOLE_RESOURCES, notificationProvider, dataProvider = appDataProvider, queryClient }: ConsoleOptions) {
  const client = queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 } } });
  return render(
    <AntApp>
      <MemoryRouter initialEntries={[path]}>
        <Refine
          dataProvider={dataProvider}
          routerProvider={routerProvider}
          accessControlProvider={role ? createAccessControlProvider(registryOf(modules).access, () => role) : undefined}
          liveProvider={liveProvider}
          notificationProvider={notificationProvider}
          resources={resources}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: client }, ...(liveProvider ? { liveMode: 'auto' as const } : {}) }}
        >
          <RegistryProvider modules={modules}>
            {liveHub ? (
              <LiveHubProvider hub={liveHub}>
                <Routes>
                  <Route path={route} element={page} />
                  <Route path="*" element={<p>elsewhere</p>} />
                </Routes>
              </LiveHubProvider>
            ) : (
              <Routes>
                <Route path={route} element={page} />
                <Route path="*" element={<p>elsewhere</p>} />
              </Routes>
            )}
            <Location />
          </RegistryProvider>
        </Refine>
      </MemoryRouter>
    </AntApp>,
  );
}
