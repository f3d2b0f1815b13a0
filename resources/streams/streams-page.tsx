/**
 * /streams — Event Streams (docs/product/routes-and-roles.md, docs/events.md): tabs Events | Consumers | DLQ driven by `?tab=`,
 * the page-wide `filter=critical|policy` and the `subject=` pre-filter, shown as removable tags.
 */
import { Button, Card, Flex, Tabs, Tag, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../src/shell/page-header';
import { DlqTable } from '../dlq/dlq-table';
import { EventsTab } from './events-tab';
import { ConsumersTab } from './consumers-tab';
import { POLICY_SUBJECT } from './stream-filters';
import { useNavigationKey } from '../shared/use-navigation-key';
import { parseStreamsUrl, switchTab, withoutParam, type StreamTab } from './streams-url';

const FILTER_LABEL = { critical: 'Critical only', policy: 'Policy subjects' } as const;

/** A page-wide filter with a keyboard-reachable remove button. */
function FilterChip({ label, color, onRemove }: { label: string; color?: string; onRemove: () => void }) {
  return (
    <Tag color={color} style={{ display: 'inline-flex', alignItems: 'center', gap: 4, paddingRight: 2 }}>
      {label}
      <Button type="text" size="small" icon={<CloseOutlined />} onClick={onRemove} aria-label={`Remove ${label}`} style={{ width: 20, height: 20, minWidth: 20 }} />
    </Tag>
  );
}

export default function StreamsPage() {
  const [params, setParams] = useSearchParams();
  const url = parseStreamsUrl(params);
  const arrival = useNavigationKey();

  return (
    <>
      <PageHeader
        title="Event Streams"
        subtitle="Every event of your store, the consumers that process them and the messages they could not deliver."
      />
      {(url.filter || url.subject) && (
        <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }} aria-label="Active filters">
          <Typography.Text type="secondary">Showing:</Typography.Text>
          {url.filter && (
            <FilterChip color={url.filter === 'critical' ? 'red' : 'purple'} label={FILTER_LABEL[url.filter]} onRemove={() => setParams(withoutParam(params, 'filter'))} />
          )}
          {url.subject && <FilterChip label={`Subject: ${url.subject}`} onRemove={() => setParams(withoutParam(params, 'subject'))} />}
        </Flex>
      )}
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={url.tab}
          onChange={(k) => setParams(switchTab(params, k as StreamTab))}
          destroyOnHidden
          items={[
            { key: 'events', label: 'Events', children: <EventsTab key={arrival} url={url} /> },
            { key: 'consumers', label: 'Consumers', children: <ConsumersTab url={url} /> },
            { key: 'dlq', label: 'DLQ', children: <DlqTable key={arrival} baseSubject={url.filter === 'policy' && !url.subject ? POLICY_SUBJECT : undefined} /> },
          ]}
        />
      </Card>
    </>
  );
}
