/** /pricing/agent — Pricing Intelligence (spec §2.1). Its domain arrives in a later release: real title, honest empty state. */
import { LaterRelease } from '../../src/pages/later-release';

export default function PricingAgentPage() {
  return <LaterRelease title="Pricing Intelligence" description="What the pricing agent proposes, and what was approved, rejected or applied." />;
}
