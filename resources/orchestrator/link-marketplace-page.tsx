/** /orchestrator/marketplaces/link — Link a Marketplace (spec §2.1). Its domain arrives in a later release: real title, honest empty state. */
import { LaterRelease } from '../../src/pages/later-release';

export default function LinkMarketplacePage() {
  return <LaterRelease title="Link a Marketplace" description="Connect a marketplace account so its listings and orders flow into the console." />;
}
