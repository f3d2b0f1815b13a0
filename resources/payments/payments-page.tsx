/** /payments — Payments (docs/product/routes-and-roles.md). Its domain arrives in a later release: real title, honest empty state. */
import { LaterRelease } from '../../src/pages/later-release';

export default function PaymentsPage() {
  return <LaterRelease title="Payments" description="Marketplace payouts and the fees taken from them." />;
}
