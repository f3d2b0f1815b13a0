/** /analytics — Analytics (docs/product/routes-and-roles.md). Its domain arrives in a later release: real title, honest empty state. */
import { LaterRelease } from '../../src/pages/later-release';

export default function AnalyticsPage() {
  return <LaterRelease title="Analytics" description="Sales, margin and marketplace performance over time." />;
}
