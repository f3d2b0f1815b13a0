/** /agents — All Agents (docs/product/routes-and-roles.md). Its domain arrives in a later release: real title, honest empty state. */
import { LaterRelease } from '../../src/pages/later-release';

export default function AgentsPage() {
  return <LaterRelease title="All Agents" description="The background agents (pricing intelligence, demand forecasting, competitor monitor) and their health." />;
}
