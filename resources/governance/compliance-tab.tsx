/**
 * The Compliance tab of /governance (docs/governance.md "Compliance"): the tenant's data export,
 * one customer's data (lookup, download, erasure) and the retention settings, each in its own file.
 */
import { Card, Flex } from 'antd';
import { TenantExportPanel } from './compliance-tenant-export';
import { CustomerDataPanel } from './compliance-customer';
import { RetentionSettingsForm } from './compliance-retention';

export default function ComplianceTab() {
  return (
    <Flex vertical gap={16}>
      <Card title="Tenant data export" size="small">
        <TenantExportPanel />
      </Card>
      <Card title="Customer data" size="small">
        <CustomerDataPanel />
      </Card>
      <Card title="Retention" size="small">
        <RetentionSettingsForm />
      </Card>
    </Flex>
  );
}
