/**
 * /capital — docs/capital.md: the snapshot's three figures (capital committed, open orders, estimated
 * days to cash-out) with cash in transit and advances outstanding, the 90-day cashflow (its chart a
 * chunk of its own), eligibility and offers, and the advances. GET /capital is polled every 30 s
 * (REFRESH.capitalMs); a request refreshes the advances and the snapshot. With the server's switch
 * off, everything reads and the page says how financing is turned on.
 */
import { lazy, Suspense } from 'react';
import { useInvalidate } from '@refinedev/core';
import { Alert, Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { CAPITAL_FINANCE_OFF_MESSAGE } from '../../contract/capital';
import { formatCents } from '../../contract/money';
import { PageHeader } from '../../src/shell/page-header';
import { LoadError } from '../shared/list-error';
import { AdvancesTable } from './advances-table';
import { EligibilityPanel } from './eligibility-panel';
import { useCapitalSnapshot } from './use-capital';

const CashflowChart = lazy(() => import('./cashflow-chart'));

export default function CapitalPage() {
  const { query, snapshot: s } = useCapitalSnapshot();
  const invalidate = useInvalidate();
  const refresh = () => {
    void query.refetch();
    void invalidate({ resource: 'advances', invalidates: ['list'] });
  };
  const financing = s?.financing_enabled ?? false;
  const figures = s
    ? [
        { key: 'committed', title: 'Capital committed', value: formatCents(s.capital_committed, s.currency), note: 'Supplier and label cost of open orders not yet paid out' },
        { key: 'open', title: 'Open orders', value: s.orders_open_count.toLocaleString('en-US'), note: 'Not shipped yet, or shipped since their marketplace last paid out' },
        { key: 'days', title: 'Est. days to cash-out', value: s.est_days_to_cashout === null ? '—' : `${s.est_days_to_cashout.toLocaleString('en-US')} days`, note: 'From each marketplace’s payout cadence and the ship dates' },
        { key: 'transit', title: 'Cash in transit', value: formatCents(s.cash_in_transit, s.currency), note: 'What the marketplaces owe for shipped orders' },
        { key: 'advances', title: 'Advances outstanding', value: formatCents(s.advances_outstanding, s.currency), note: 'Principal and fees not yet repaid' },
      ]
    : [];
  return (
    <>
      <PageHeader title="Capital" subtitle="Committed capital, cashflow and working-capital advances" />
      {s && !financing && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="Financing is off: you can see your figures and offers, but not request an advance"
          description={CAPITAL_FINANCE_OFF_MESSAGE}
        />
      )}
      {query.isError && <LoadError what="the capital figures" error={query.error} onRetry={() => void query.refetch()} />}
      {query.isLoading && <Skeleton active />}
      {s && (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }} role="list" aria-label="Capital figures">
          {figures.map((f) => (
            <Col key={f.key} xs={12} md={8} xl={f.key === 'transit' || f.key === 'advances' ? 6 : 4} role="listitem">
              <Card size="small" style={{ height: '100%' }}>
                <Statistic title={f.title} value={f.value} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{f.note}</Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {s && (
        <Card title="Cashflow, last 90 days" style={{ marginBottom: 16 }} extra={<Typography.Text type="secondary">In: payouts and advances · Out: supplier cost, labels and repayments</Typography.Text>}>
          <Suspense fallback={<Skeleton active />}>
            <CashflowChart days={s.cashflow} />
          </Suspense>
        </Card>
      )}
      <EligibilityPanel financing={financing} onRequested={refresh} />
      <Card title="Advances">
        <AdvancesTable financing={financing} onChanged={() => void query.refetch()} />
      </Card>
    </>
  );
}
