/**
 * /dashboard — docs/product/shell.md frame: "Welcome back", the title, and the cards of the page
 * registry (`dashboardCards`, docs/shell.md "Slots") the signed-in role may see, in their order:
 * each domain declares its own card in its folder (Quick Actions and API health are the dashboard's,
 * what waits on fulfillment is fulfillment's, the top MAP offenders are listings'). A card loads on
 * demand, its title shown meanwhile.
 */
import { Suspense, useMemo } from 'react';
import { useAuth } from '../../providers/auth/auth-context';
import { useRegistry } from '../lib/registry-context';
import { slotEntries } from '../lib/registry-derive';
import { PageHeader } from '../shell/page-header';
import { Panel } from '../shell/panel';
import { useAccessCheck } from '../shell/use-access';

export default function DashboardPage() {
  const { email } = useAuth();
  const { modules } = useRegistry();
  const can = useAccessCheck();
  const cards = useMemo(() => slotEntries(modules, 'dashboardCards', can), [modules, can]);
  return (
    <>
      <PageHeader eyebrow="Welcome back" title="Dashboard" subtitle={email ? `Your store at a glance — signed in as ${email}.` : 'Your store at a glance.'} />
      <div className="dashboard-grid">
        {cards.map((c) => (
          <div key={`${c.module}.${c.id}`} className={`dashboard-card span-${c.span ?? 1}`} data-card={c.id}>
            <Suspense
              fallback={
                <Panel title={c.title} style={{ height: '100%' }}>
                  <p className="shell-quiet" aria-busy="true">Loading...</p>
                </Panel>
              }
            >
              <c.element />
            </Suspense>
          </div>
        ))}
      </div>
    </>
  );
}
