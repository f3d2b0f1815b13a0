/**
 * /dashboard — docs/product/shell.md frame: "Welcome back", the title, and the cards of the page
 * registry (`dashboardCards`, docs/shell.md "Slots") the signed-in role may see, in their order:
 * each domain declares its own card in its folder (Quick Actions and API health are the dashboard's,
 * what waits on fulfillment is fulfillment's, the top MAP offenders are listings'). A card loads on
 * demand, its title shown meanwhile. Banners (the Dead Letter Queue alert) come first, across the
 * page, and take no room while they have nothing to say; above everything, "Failed to Load Dashboard
 * Data" names each data source whose request failed (src/shell/dashboard-sources.tsx).
 */
import { Suspense, useMemo } from 'react';
import { useAuth } from '../../providers/auth/auth-context';
import { useRegistry } from '../lib/registry-context';
import { slotEntries } from '../lib/registry-derive';
import { CardSource, DashboardSourcesProvider } from '../shell/dashboard-sources';
import { PageHeader } from '../shell/page-header';
import { Panel } from '../shell/panel';
import { useFlaggedModules } from '../shell/flag-gate';
import { useAccessCheck } from '../shell/use-access';

export default function DashboardPage() {
  const { email } = useAuth();
  // a flagged-off module's cards and beta cards while beta features are off are left out (docs/settings.md "Beta features")
  const modules = useFlaggedModules(useRegistry().modules);
  const can = useAccessCheck();
  const entries = useMemo(() => slotEntries(modules, 'dashboardCards', can), [modules, can]);
  const banners = entries.filter((c) => c.banner);
  const cards = entries.filter((c) => !c.banner);
  return (
    <>
      <PageHeader eyebrow="Welcome back" title="Dashboard" subtitle={email ? `Your store at a glance — signed in as ${email}.` : 'Your store at a glance.'} />
      <DashboardSourcesProvider>
        {(failures) => (
          <>
            {failures}
            {banners.map((c) => (
              <div key={`${c.module}.${c.id}`} className="dashboard-banner" data-card={c.id}>
                <CardSource source={c.source}>
                  <Suspense fallback={null}>
                    <c.element />
                  </Suspense>
                </CardSource>
              </div>
            ))}
            <div className="dashboard-grid">
              {cards.map((c) => (
                <div key={`${c.module}.${c.id}`} className={`dashboard-card span-${c.span ?? 1}`} data-card={c.id}>
                  <CardSource source={c.source}>
                    <Suspense
                      fallback={
                        <Panel title={c.title} style={{ height: '100%' }}>
                          <p className="shell-quiet" aria-busy="true">Loading...</p>
                        </Panel>
                      }
                    >
                      <c.element />
                    </Suspense>
                  </CardSource>
                </div>
              ))}
            </div>
          </>
        )}
      </DashboardSourcesProvider>
    </>
  );
}
