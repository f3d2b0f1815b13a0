/**
 * The signed-in frame — docs/product/shell.md: top bar, side navigation (a drawer on small screens), a main
 * area at most 1400px wide whose content sits in the page-level error boundary and loads on demand.
 */
import { lazy, Suspense, useState } from 'react';
import { App as AntApp, Grid, Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { appConfig } from '../../providers/config';
import { supabase } from '../../providers/supabase';
import { signOut } from '../../providers/auth/sign-in';
import { useAuth } from '../../providers/auth/auth-context';
import { useRequestStats } from '../../providers/app-client';
import { useMe } from '../lib/use-me';
import { EnvironmentBanner } from './banners/banners';
import { ErrorBoundary } from './error-boundary';
import { PageLoading } from './page-loading';
import { SideNav } from './side-nav';
import { palette } from './theme';
import { TopBar } from './top-bar';
import { useSelectA11y } from './use-select-a11y';
import { useTableA11y } from './use-table-a11y';

// loaded the first time someone opens it: not part of the first page (docs/performance.md "Delivery")
const NavDrawer = lazy(() => import('./nav-drawer').then((m) => ({ default: m.NavDrawer })));
const DiagnosticsDrawer = lazy(() => import('./diagnostics-drawer').then((m) => ({ default: m.DiagnosticsDrawer })));

export function AppLayout() {
  const auth = useAuth();
  const { notification } = AntApp.useApp();
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const me = useMe(auth.profile?.id ?? null);
  const stats = useRequestStats();
  useTableA11y();
  useSelectA11y();
  const [navOpen, setNavOpen] = useState(false);
  const [diagOpen, setDiagOpen] = useState(false);
  const diagWanted = useWanted(diagOpen);
  const navWanted = useWanted(navOpen);
  const [signingOut, setSigningOut] = useState(false);
  const role = auth.profile?.role ?? 'user';
  // before the first breakpoint measurement screens is empty: assume desktop to avoid a flash
  const wide = screens.lg ?? true;

  const handleSignOut = async () => {
    setSigningOut(true);
    // on success the session ends and the guard sends this page to /auth (docs/product/shell.md)
    if (!(await signOut(supabase))) {
      setSigningOut(false);
      notification.error({ message: 'Failed to sign out' });
    }
  };

  const nav = <SideNav role={role} onNavigate={() => setNavOpen(false)} />;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {/* first in the tab order: keyboard users skip the bar and the navigation (docs/shell.md "Accessibility") */}
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <div className="shell-top">
        <EnvironmentBanner apiBase={appConfig.apiBase} />
        <Layout.Header className="shell-header">
          <TopBar
            tenantName={me.data?.tenant.name ?? null}
            email={me.data?.user.email ?? auth.email}
            role={me.data?.role ?? auth.profile?.role ?? null}
            onOpenDiagnostics={() => setDiagOpen(true)}
            onSignOut={() => void handleSignOut()}
            signingOut={signingOut}
            onOpenNav={wide ? undefined : () => setNavOpen(true)}
            openAlerts={auth.status === 'authed'}
          />
        </Layout.Header>
      </div>
      <Layout hasSider={wide}>
        {wide ? (
          <aside className="shell-sider" style={{ background: palette.navBg }}>
            <div className="shell-sider-inner">{nav}</div>
          </aside>
        ) : (
          navWanted && (
            <Suspense fallback={null}>
              <NavDrawer open={navOpen} onClose={() => setNavOpen(false)} background={palette.navBg}>
                {nav}
              </NavDrawer>
            </Suspense>
          )
        )}
        <main className="shell-main" id="main" tabIndex={-1}>
          <div className="shell-content">
            <ErrorBoundary key={pathname} route={pathname}>
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </div>
        </main>
      </Layout>
      {diagWanted && (
        <Suspense fallback={null}>
          <DiagnosticsDrawer
            open={diagOpen}
            onClose={() => setDiagOpen(false)}
            stats={stats}
            mode={appConfig.mode}
            version={appConfig.version}
            email={auth.email}
          />
        </Suspense>
      )}
    </Layout>
  );
}

/** True from the first time a drawer opens (so it stays mounted and animates its close). */
function useWanted(open: boolean): boolean {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted;
}
