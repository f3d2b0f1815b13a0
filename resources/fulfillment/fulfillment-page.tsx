/**
 * /fulfillment — docs/dropshipping.md "Work queue" and "Labels": the orders still to ship (held ones
 * first with their reason and a "Release hold"; bulk "Buy labels" with progress) and the shipments
 * (filters by status, carrier and late, exceptions first; print and void). Both refresh live. Above
 * them, the automation switch and hold rules (administrators change them).
 */
import { Card, Typography } from 'antd';
import { PageHeader } from '../../src/shell/page-header';
import { useNavigationKey } from '../shared/use-navigation-key';
import { FulfillmentQueue } from './fulfillment-queue';
import { ShipmentsTable } from './shipments-table';
import { AutomationSettings } from './automation-settings';

export default function FulfillmentPage() {
  const arrival = useNavigationKey();
  return (
    <>
      <PageHeader title="Fulfillment" subtitle="Orders waiting to ship, the labels bought for them and their tracking." />
      <AutomationSettings />
      <Card title={<Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>Orders to ship</Typography.Title>} style={{ marginBottom: 24 }}>
        <FulfillmentQueue />
      </Card>
      <Card title={<Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>Shipments</Typography.Title>}>
        <ShipmentsTable key={arrival} />
      </Card>
    </>
  );
}
