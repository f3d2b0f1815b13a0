/**
 * /settings — Settings (docs/product/routes-and-roles.md): the sections the page registry's domains
 * declare (`settingsSections`, docs/shell.md "Slots") that the signed-in role may see, in their
 * order — each kept in the folder of the domain whose settings it shows (the dropshipping automation
 * in resources/fulfillment, webhooks in resources/webhooks, feature flags in resources/flags). A
 * section's heading links to the page where its settings are worked, when it has one. Store
 * profile, users and billing arrive in a later release.
 */
import { Suspense, useMemo } from 'react';
import { Card, Empty, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import type { SettingsSection } from '../../src/lib/registry';
import { useRegistry } from '../../src/lib/registry-context';
import { slotEntries } from '../../src/lib/registry-derive';
import { PageHeader } from '../../src/shell/page-header';
import { useAccessCheck } from '../../src/shell/use-access';

function Section({ section }: { section: SettingsSection }) {
  const { title, description, to, element: Content } = section;
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {to ? <Link to={to}>{title}</Link> : title}
        </Typography.Title>
      }
      style={{ marginBottom: 16 }}
    >
      {description && <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>}
      {Content && (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
          <Content />
        </Suspense>
      )}
    </Card>
  );
}

export default function SettingsPage() {
  const { modules } = useRegistry();
  const can = useAccessCheck();
  const sections = useMemo(() => slotEntries(modules, 'settingsSections', can), [modules, can]);
  return (
    <>
      <PageHeader title="Settings" subtitle="Your store's settings, each beside the area it governs. Store profile, users and billing arrive in a later release." />
      {sections.length === 0 ? (
        <Card>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No settings you may change here yet." />
        </Card>
      ) : (
        sections.map((s) => (
          <section key={`${s.module}.${s.id}`} aria-label={s.title} data-section={s.id}>
            <Section section={s} />
          </section>
        ))
      )}
    </>
  );
}
