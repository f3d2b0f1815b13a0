/** /capital — Capital (docs/product/routes-and-roles.md). Its domain arrives in a later release: real title, honest empty state. */
import { LaterRelease } from '../../src/pages/later-release';

export default function CapitalPage() {
  return <LaterRelease title="Capital" description="Capital committed in open orders, cashflow and working-capital advances." />;
}
