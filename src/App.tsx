/**
 * The console app — docs/product/architecture.md §2: Refine, the routes and the navigation are all derived from the page
 * registry (resources/index.ts). This is the composition root: the only importer of resources/index.ts,
 * it hands the module list to the providers (`accessControlFor(modules)` behind Refine's access control,
 * `liveChannels(modules)` behind the live hub) and to the shell and pages (`<RegistryProvider>`,
 * read with `useRegistry()`; docs/shell.md). Route table of docs/product/routes-and-roles.md: `/` → /dashboard, `/login` → /auth,
 * signed-out visitors only reach /auth, unknown paths show "Page Not Found".
 */
import { lazy, useEffect, useMemo, useRef } from 'react';
import { Refine } from '@refinedev/core';
import { App as AntApp, ConfigProvider } from 'antd';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { modules as registry } from '../resources';
import { dataProvider, loadFlags, queryClient } from '../providers/app-client';
import { consoleFetch } from '../providers/console-fetch';
import { createAccessControlProvider } from '../providers/access-control';
import { createAuthProvider } from '../providers/auth/auth-provider';
import { AuthSessionProvider, useAuth, type AuthEvent } from '../providers/auth/auth-context';
import { getProfile } from '../providers/auth/profile-store';
import { browserLive, liveChannels, LiveHubProvider } from '../providers/live';
import { useNotificationProvider } from '../providers/notification-provider';
import { routerProvider } from '../providers/router/router-provider';
import { FlagsProvider } from '../providers/flags';
import { FlagsLive } from '../providers/flags/flags-live';
import { FlagGate } from './shell/flag-gate';
import { appConfig } from '../providers/config';
import { supabase } from '../providers/supabase';
import type { PageModule } from './lib/registry';
import { RegistryProvider, registryOf } from './lib/registry-context';
import { canParamsOf, refineResources, routeTable } from './lib/registry-derive';
import { SignInPage } from './pages/auth/sign-in-page';
import { AppLayout } from './shell/app-layout';
import { ConfigErrorBanner, DebugBanner } from './shell/banners/banners';
import { BuildInfo } from './shell/build-info';
import { CommandPalette } from './shell/command-palette';
import { RequireAuth, RoleGuard } from './shell/guards';
import { healthEndpoint } from './shell/health/health-check';
import { HealthProvider } from './shell/health/health-context';
import { theme } from './shell/theme';
import { useReducedMotion } from './shell/use-reduced-motion';
import { messageConfig, notificationConfig } from './shell/toasts';
// the full app's styles load with it (the light /auth entry has its own: src/sign-in/)
import 'antd/dist/reset.css';
import './shell/shell.css';
import './shell/a11y.css';
import { MESSAGES } from '../contract/constants';

// not part of the first page: antd's Result and its illustrations load when a path is unknown (docs/performance.md "Delivery")
const NotFound = lazy(() => import('./shell/not-found').then((m) => ({ default: m.NotFound })));

const authProvider = createAuthProvider(supabase, () => window.location.origin);
const clock = () => performance.now();

/** The providers built from one module list, once per list. */
interface Wiring {
  accessControl: ReturnType<typeof createAccessControlProvider>;
  live: ReturnType<typeof browserLive>;
}
const wired = new WeakMap<readonly PageModule[], Wiring>();
function wiringOf(modules: readonly PageModule[]): Wiring {
  let w = wired.get(modules);
  if (!w) {
    w = { accessControl: createAccessControlProvider(registryOf(modules).access, () => getProfile()?.role), live: browserLive(liveChannels(modules)) };
    wired.set(modules, w);
  }
  return w;
}

/** `/login?next=…` forwards to `/auth` with its query (docs/product/routes-and-roles.md). */
function LoginRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/auth${search}`} replace />;
}

/** Auth events → toasts (docs/product/shell.md); URL auth problems found at start-up → one error toast (docs/product/errors.md). */
function AuthWithToasts({ startupMessage, children }: { startupMessage: string | null; children: React.ReactNode }) {
  const { notification } = AntApp.useApp();
  const shown = useRef(false);
  useEffect(() => {
    if (startupMessage && !shown.current) {
      shown.current = true;
      notification.error({ message: startupMessage });
    }
  }, [startupMessage, notification]);
  const onEvent = (event: AuthEvent) => {
    if (event === 'signed-in') notification.success({ message: 'Successfully signed in' });
    // a session refused by the service is an authentication error, not a sign-out the user asked for
    else if (event === 'session-refused') notification.error({ message: MESSAGES.auth });
    else notification.success({ message: 'Signed out successfully' });
  };
  return (
    <AuthSessionProvider client={supabase} storage={window.localStorage} onEvent={onEvent}>
      {children}
    </AuthSessionProvider>
  );
}

function ConsoleRoutes({ modules, startupMessage }: { modules: readonly PageModule[]; startupMessage: string | null }) {
  // flags are per tenant: a new sign-in reads them again
  const tenantKey = useAuth().profile?.tenantId ?? 'none';
  // a module's flag, and the beta flag for a module marked beta (docs/settings.md "Feature flags")
  const gateOf = new Map(modules.flatMap((m) => (m.flag || m.beta ? [[m.name, { flag: m.flag, beta: m.beta }] as const] : [])));
  return (
    <Routes>
      <Route path="/auth" element={<SignInPage startupMessage={startupMessage} />} />
      <Route path="/login" element={<LoginRedirect />} />
      <Route
        element={
          <RequireAuth>
            <FlagsProvider key={tenantKey} load={loadFlags}>
              <FlagsLive />
              <AppLayout />
              <CommandPalette />
            </FlagsProvider>
          </RequireAuth>
        }
      >
        <Route index element={<Navigate to="/dashboard" replace />} />
        {routeTable(modules).map((row) => (
          <Route
            key={row.path}
            path={row.path}
            element={
              <RoleGuard route={canParamsOf(row)}>
                <FlagGate gate={gateOf.get(row.module)}>
                  <row.element />
                </FlagGate>
              </RoleGuard>
            }
          />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

function RefineApp({ modules, startupMessage }: { modules: readonly PageModule[]; startupMessage: string | null }) {
  const { accessControl, live } = wiringOf(modules);
  return (
    <Refine
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControl}
      liveProvider={live.provider}
      routerProvider={routerProvider}
      notificationProvider={useNotificationProvider}
      resources={refineResources(modules)}
      options={{ reactQuery: { clientConfig: queryClient }, disableTelemetry: true, syncWithLocation: false, liveMode: 'auto' }}
    >
      <RegistryProvider modules={modules}>
        <LiveHubProvider hub={live.hub}>
          <ConsoleRoutes modules={modules} startupMessage={startupMessage} />
        </LiveHubProvider>
      </RegistryProvider>
    </Refine>
  );
}

export interface AppProps {
  /** Message from auth parameters found in the URL at start-up (main.tsx). */
  startupMessage?: string | null;
  modules?: readonly PageModule[];
}

export default function App({ startupMessage = null, modules = registry }: AppProps) {
  const reduceMotion = useReducedMotion();
  const themed = useMemo(() => (reduceMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme), [reduceMotion]);
  return (
    <BrowserRouter>
      <ConfigProvider theme={themed}>
        <AntApp notification={notificationConfig} message={messageConfig}>
          <DebugBanner />
          <AuthWithToasts startupMessage={startupMessage}>
            <HealthProvider endpoint={healthEndpoint(appConfig.apiBase)} fetch={consoleFetch} now={clock}>
              <RefineApp modules={modules} startupMessage={startupMessage} />
            </HealthProvider>
          </AuthWithToasts>
          <ConfigErrorBanner config={appConfig} />
          <BuildInfo
            buildTag={appConfig.buildTag}
            commit={appConfig.commit}
            buildTime={appConfig.buildTime}
            version={appConfig.version}
            mode={appConfig.mode}
            healthEndpoint={healthEndpoint(appConfig.apiBase)}
          />
        </AntApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
