/** /governance — Governance (docs/product/routes-and-roles.md). Its domain arrives in a later release: real title, honest empty state. */
import { LaterRelease } from '../../src/pages/later-release';

export default function GovernancePage() {
  return <LaterRelease title="Governance" description="Access control, audit logs and compliance." />;
}
