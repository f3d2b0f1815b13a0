/**
 * /payments — Payments (docs/product/routes-and-roles.md; docs/payouts.md "Console"): tabs Payouts
 * (the marketplaces' payouts as a server-side table, each opening its lines in a drawer, and net paid
 * per week) and Reconciliation (docs/reconciliation.md "Console"). `?tab=reconciliation` opens the
 * second tab; `?payout=<id>` opens that payout over either.
 */
import { useNavigate, useSearchParams } from 'react-router';
import { Card, Tabs } from 'antd';
import { PageHeader } from '../../src/shell/page-header';
import { useNavigationKey } from '../shared/use-navigation-key';
import { PayoutsTab } from './payouts-tab';
import { PayoutDrawer } from './payout-drawer';
import { ReconciliationTab } from './reconciliation-tab';

const TABS = ['payouts', 'reconciliation'] as const;
type PaymentsTab = (typeof TABS)[number];

export default function PaymentsPage() {
  const [q, setQ] = useSearchParams();
  const navigate = useNavigate();
  const arrival = useNavigationKey();
  const tab: PaymentsTab = (TABS as readonly string[]).includes(q.get('tab') ?? '') ? (q.get('tab') as PaymentsTab) : 'payouts';
  const payout = q.get('payout');
  const closePayout = () => {
    const next = new URLSearchParams(q);
    next.delete('payout');
    setQ(next);
  };

  return (
    <>
      <PageHeader title="Payments" subtitle="What each marketplace paid you, line by line, and what does not match your orders." />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(k) => void navigate({ search: k === 'payouts' ? '' : `?tab=${k}` })}
          destroyOnHidden
          items={[
            { key: 'payouts', label: 'Payouts', children: <PayoutsTab key={arrival} /> },
            { key: 'reconciliation', label: 'Reconciliation', children: <ReconciliationTab key={arrival} /> },
          ]}
        />
      </Card>
      <PayoutDrawer id={payout} onClose={closePayout} />
    </>
  );
}
