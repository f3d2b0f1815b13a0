/**
 * Beta features in a page (docs/settings.md "Beta features"): `<BetaPart>` shows its content only while
 * the store's `enableBetaFeatures` is on — the same gate as a module or a slot entry marked `beta`
 * (./flag-gate.tsx) — and `<BetaTag>` is the "Beta" tag such a thing wears while shown. A plain
 * element (the side navigation's badge style), not antd's Tag: importing Tag here split antd's wave
 * effect into a chunk of its own that the first page then loaded (docs/performance.md "Delivery").
 */
import type { ReactNode } from 'react';
import { useFlagValues } from '../../providers/flags';
import { gateOpen } from './flag-gate';

export function BetaTag() {
  return (
    <span className="side-nav-badge" title="A beta feature: an administrator turned beta features on for your store" style={{ verticalAlign: 'middle' }}>
      Beta
    </span>
  );
}

/** Its children while the store's beta features are on; nothing while they are off. */
export function BetaPart({ children }: { children: ReactNode }) {
  return gateOpen(useFlagValues(), { beta: true }) ? <>{children}</> : null;
}
