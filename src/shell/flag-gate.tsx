/**
 * Feature flags in the shell (docs/settings.md "Feature flags"): the modules whose flag is on (the
 * side navigation and the palette read these), and the gate a flagged page renders behind — while
 * the tenant's flag is off the page says so instead of showing the feature. Flags change live
 * (providers/flags/flags-live.tsx), so an open tab follows a switch without a reload.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import type { FlagName } from '../../contract/constants';
import { useFlagValues } from '../../providers/flags';
import type { PageModule } from '../lib/registry';

/** The modules the tenant's flags leave on (the same list object while nothing is filtered out). */
export function useFlaggedModules(modules: readonly PageModule[]): readonly PageModule[] {
  const flags = useFlagValues();
  return modules.some((m) => m.flag && !flags[m.flag]) ? modules.filter((m) => !m.flag || flags[m.flag]) : modules;
}

const FeatureOff = lazy(() => import('./feature-off'));

export function FlagGate({ flag, children }: { flag?: FlagName; children: ReactNode }) {
  const flags = useFlagValues();
  if (!flag || flags[flag]) return <>{children}</>;
  return (
    <Suspense fallback={null}>
      <FeatureOff />
    </Suspense>
  );
}
