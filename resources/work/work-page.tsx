/** /work — Alerts & Work Queue (docs/product/routes-and-roles.md). Its domain arrives in a later release: real title, honest empty state. */
import { LaterRelease } from '../../src/pages/later-release';

export default function WorkPage() {
  return <LaterRelease title="Alerts & Work Queue" description="Alerts and the items that wait for someone to act on them." />;
}
