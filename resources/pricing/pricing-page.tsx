/** /pricing — Pricing (spec §2.1). Its domain arrives in a later release: real title, honest empty state. */
import { LaterRelease } from '../../src/pages/later-release';

export default function PricingPage() {
  return <LaterRelease title="Pricing" description="Repricing rules per listing and the minimum-advertised-price checks." />;
}
