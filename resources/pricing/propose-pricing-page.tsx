/** /pricing/propose — Propose Pricing (spec §2.1). Its domain arrives in a later release: real title, honest empty state. */
import { LaterRelease } from '../../src/pages/later-release';

export default function ProposePricingPage() {
  return <LaterRelease title="Propose Pricing" description="Propose a new price for a listing within its floor and ceiling." />;
}
