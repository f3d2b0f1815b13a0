/**
 * /settings — Settings (docs/settings.md): the store profile first, then the sections the page
 * registry's domains declare (`settingsSections`, docs/shell.md "Slots") that the signed-in role may
 * see, in their order — each kept in the folder of the domain whose settings it shows (notification
 * preferences in resources/work, the dropshipping automation in resources/fulfillment, webhooks in
 * resources/webhooks, feature flags in resources/flags). A side list links to each section; each
 * section is saved on its own. A section's heading links to the page where its settings are worked,
 * when it has one; a beta section's heading wears a "Beta" tag (shown only while beta features are on).
 */
import { Suspense, useMemo } from 'react';
import { Anchor, Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import type { SettingsSection } from '../../src/lib/registry';
import { useRegistry } from '../../src/lib/registry-context';
import { slotEntries } from '../../src/lib/registry-derive';
import { PageHeader } from '../../src/shell/page-header';
import { BetaTag } from '../../src/shell/beta';
import { useFlaggedModules } from '../../src/shell/flag-gate';
import { useAccessCheck } from '../../src/shell/use-access';

type Shown = SettingsSection & { key: string };

const anchorId = (id: string) => `settings-${id}`;

function Section({ section }: { section: Shown }) {
  const { id, title, description, to, beta, element: Content } = section;
  return (
    <section id={anchorId(id)} aria-label={title} data-section={id}>
      <Card
        title={
          <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
            {to ? <Link to={to}>{title}</Link> : title}
            {beta && (
              <>
                {' '}
                <BetaTag />
              </>
            )}
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
    </section>
  );
}

export default function SettingsPage() {
  // a flagged-off module's sections and beta sections while beta features are off are left out (docs/settings.md "Beta features")
  const modules = useFlaggedModules(useRegistry().modules);
  const can = useAccessCheck();
  // the store profile is the settings module's own section, first by its order
  const sections = useMemo<Shown[]>(() => slotEntries(modules, 'settingsSections', can).map((s) => ({ ...s, key: `${s.module}.${s.id}` })), [modules, can]);
  return (
    <>
      <PageHeader title="Settings" subtitle="Your store's profile and its settings, each section saved on its own." />
      {sections.length === 0 ? (
        <Card>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No settings you may change here yet." />
        </Card>
      ) : (
        <Row gutter={24}>
          <Col xs={0} lg={5}>
            <nav aria-label="Settings sections" style={{ position: 'sticky', top: 16 }}>
              <Anchor affix={false} items={sections.map((s) => ({ key: s.key, href: `#${anchorId(s.id)}`, title: s.title }))} />
            </nav>
          </Col>
          <Col xs={24} lg={19}>
            {sections.map((s) => (
              <Section key={s.key} section={s} />
            ))}
          </Col>
        </Row>
      )}
    </>
  );
}
