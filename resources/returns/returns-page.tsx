/** /returns — Returns (spec §2.1). Its domain arrives in a later release: real title, honest empty state. */
import { LaterRelease } from '../../src/pages/later-release';

export default function ReturnsPage() {
  return <LaterRelease title="Returns" description="Return requests from your marketplaces and their refunds." />;
}
