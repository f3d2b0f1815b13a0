/** /integrations — Marketplace Setup (spec §2.1). Its domain arrives in a later release: real title, honest empty state. */
import { LaterRelease } from '../../src/pages/later-release';

export default function IntegrationsPage() {
  return <LaterRelease title="Marketplace Setup" description="Connect and manage the marketplace accounts of your store." />;
}
