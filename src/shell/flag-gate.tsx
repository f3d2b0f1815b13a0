/**
 * Feature flags in the shell (docs/settings.md "Feature flags"): the modules whose flag is on (the
 * side navigation, the palette and the slot pages read these), and the gate a flagged page renders
 * behind — while the tenant's flag is off the page says so instead of showing the feature. Flags
 * change live (providers/flags/flags-live.tsx), so an open tab follows a switch without a reload.
 *
 * What is marked `beta` (a module, a slot entry: src/lib/registry.ts) goes the same way, gated by
 * `enableBetaFeatures` (docs/settings.md "Beta features"); a part of a page by `<BetaPart>` (./beta.tsx).
 */
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { BETA_FLAG, type FlagName } from '../../contract/constants';
import { useFlagValues } from '../../providers/flags';
import type { PageModule } from '../lib/registry';

/** What a declaration may be gated by: its own flag, and the beta flag when it is marked beta. */
export interface Gated {
  flag?: FlagName;
  beta?: boolean;
}

/** Is the gated thing on under these flags? */
export function gateOpen(flags: Readonly<Record<string, boolean>>, g: Gated | undefined): boolean {
  return !g || ((!g.flag || flags[g.flag] === true) && (!g.beta || flags[BETA_FLAG] === true));
}

const SLOTS = ['dashboardCards', 'settingsSections', 'agents'] as const;

/**
 * The modules the flags leave on, each without the slot entries they leave off (the same list
 * object while nothing is filtered out).
 */
export function flaggedModules(modules: readonly PageModule[], flags: Readonly<Record<string, boolean>>): readonly PageModule[] {
  let changed = false;
  const out = modules.flatMap((m) => {
    if (!gateOpen(flags, m)) {
      changed = true;
      return [];
    }
    let kept = m;
    for (const slot of SLOTS) {
      const entries = m[slot] as readonly Gated[] | undefined;
      if (entries?.some((e) => !gateOpen(flags, e))) kept = { ...kept, [slot]: entries.filter((e) => gateOpen(flags, e)) } as PageModule;
    }
    if (kept !== m) changed = true;
    return [kept];
  });
  return changed ? out : modules;
}

/** The modules the tenant's flags leave on (the same list object while nothing is filtered out). */
export function useFlaggedModules(modules: readonly PageModule[]): readonly PageModule[] {
  const flags = useFlagValues();
  return useMemo(() => flaggedModules(modules, flags), [modules, flags]);
}

const FeatureOff = lazy(() => import('./feature-off'));

export function FlagGate({ gate, children }: { gate?: Gated; children: ReactNode }) {
  const flags = useFlagValues();
  if (gateOpen(flags, gate)) return <>{children}</>;
  // the module's own flag first: turning on beta features would not open a feature that is off
  const betaOnly = !gate?.flag || flags[gate.flag] === true;
  return (
    <Suspense fallback={null}>
      <FeatureOff beta={betaOnly} />
    </Suspense>
  );
}
