/**
 * /governance — Governance (docs/product/routes-and-roles.md; docs/governance.md): tabs Access
 * Control (the tenant's people, their roles and invitations), Audit Logs (every change, filtered
 * on the server, each entry's diff, exports) and Compliance (the tenant's data export, a customer's
 * export and erasure, retention). `?tab=audit` or `?tab=compliance` opens the other tabs.
 */
import { lazy, Suspense } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Card, Skeleton, Tabs } from 'antd';
import { PageHeader } from '../../src/shell/page-header';
import { useNavigationKey } from '../shared/use-navigation-key';

const AccessControlTab = lazy(() => import('./access-control-tab'));
const AuditLogsTab = lazy(() => import('./audit-logs-tab'));
const ComplianceTab = lazy(() => import('./compliance-tab'));

const TABS = ['access', 'audit', 'compliance'] as const;
type GovernanceTab = (typeof TABS)[number];

export default function GovernancePage() {
  const [q] = useSearchParams();
  const navigate = useNavigate();
  const arrival = useNavigationKey();
  const tab: GovernanceTab = (TABS as readonly string[]).includes(q.get('tab') ?? '') ? (q.get('tab') as GovernanceTab) : 'access';
  const lazyTab = (node: React.ReactNode) => <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>{node}</Suspense>;
  return (
    <>
      <PageHeader title="Governance" subtitle="Access control, audit logs and compliance." />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(k) => void navigate({ search: k === 'access' ? '' : `?tab=${k}` })}
          destroyOnHidden
          items={[
            { key: 'access', label: 'Access Control', children: lazyTab(<AccessControlTab key={arrival} />) },
            { key: 'audit', label: 'Audit Logs', children: lazyTab(<AuditLogsTab key={arrival} />) },
            { key: 'compliance', label: 'Compliance', children: lazyTab(<ComplianceTab key={arrival} />) },
          ]}
        />
      </Card>
    </>
  );
}
