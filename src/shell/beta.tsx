/**
 * Beta features in a page (docs/settings.md "Beta features"): `<BetaPart>` shows its content only while
 * the store's `enableBetaFeatures` is on — the same gate as a module or a slot entry marked `beta`
 * (./flag-gate.tsx) — and `<BetaTag>` is the "Beta" tag such a thing wears while shown. Not for the
 * first page's shell (antd's Tag): the side navigation draws its own.
 */
import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { useFlagValues } from '../../providers/flags';
import { gateOpen } from './flag-gate';

export function BetaTag() {
  return (
    <Tag color="purple" title="A beta feature: an administrator turned beta features on for your store" style={{ marginInlineEnd: 0 }}>
      Beta
    </Tag>
  );
}

/** Its children while the store's beta features are on; nothing while they are off. */
export function BetaPart({ children }: { children: ReactNode }) {
  return gateOpen(useFlagValues(), { beta: true }) ? <>{children}</> : null;
}
