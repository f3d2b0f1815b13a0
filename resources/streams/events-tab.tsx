/**
 * Events tab of /streams (docs/events.md): the event log, newest first, filtered by stream and subject,
 * with the live tail indicator and message inspection. Its table state (stream, subject, page, page
 * size) lives in the URL through Refine's `syncWithLocation` like every list (use-events.ts); the
 * page keys the tab by arrival, so a link to a filtered view read while the tab is open is read again.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Flex, Input, Select, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { STREAM_NAMES } from '../../contract/events';
import { useLiveHub } from '../../providers/live';
import { ListStatus, emptyText } from '../shared/list-status';
import { LiveBadge } from '../shared/ops-live-status';
import type { EventRow } from '../../contract/streams';
import { dateTime } from '../shared/format';
import { ago } from '../shared/ops-format';
import { EventDrawer } from './event-drawer';
import { CRITICAL_SCAN } from './stream-filters';
import type { StreamsUrl } from './streams-url';
import { useEvents } from './use-events';

const EVENT_FILTER_LABELS = { stream: 'Stream', subject: 'Subject' };

function preview(data: unknown): string {
  const s = JSON.stringify(data) ?? '';
  return s.length > 120 ? `${s.slice(0, 117)}…` : s;
}

export function EventsTab({ url }: { url: StreamsUrl }) {
  const [follow, setFollow] = useState(true);
  const liveHub = useLiveHub();
  const [open, setOpen] = useState<EventRow | null>(null);
  const events = useEvents({ filter: url.filter, follow });
  const { tableProps, tableQuery, filterValue, setFilter, retrying, refused, critical } = events;
  const stream = filterValue('stream');
  const subject = filterValue('subject');
  const narrowed = !!(stream || subject || url.filter === 'policy');

  const columns: ColumnsType<EventRow> = useMemo(
    () => [
      { title: 'Seq', dataIndex: 'id', width: 80, align: 'right' },
      {
        title: 'Subject',
        dataIndex: 'subject',
        render: (s: string, r) => (
          <Button type="link" style={{ padding: 0, height: 'auto' }} onClick={() => setOpen(r)} aria-label={`Inspect event ${r.id} ${s}`}>
            <Typography.Text code>{s}</Typography.Text>
          </Button>
        ),
      },
      { title: 'Stream', dataIndex: 'stream', width: 120, render: (s: string) => <Tag>{s}</Tag> },
      {
        title: 'Payload',
        dataIndex: 'data',
        ellipsis: true,
        render: (d: unknown) => <Typography.Text type="secondary" style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 12 }}>{preview(d)}</Typography.Text>,
      },
      { title: 'Time', dataIndex: 'timestamp', width: 120, render: (t: string) => <span title={dateTime(t)}>{ago(t)}</span> },
    ],
    [],
  );

  return (
    <>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }} role="search">
        <Select
          aria-label="Stream"
          placeholder="All streams"
          allowClear
          disabled={critical}
          value={stream}
          onChange={(v: string | undefined) => setFilter('stream', v)}
          options={STREAM_NAMES.map((s) => ({ value: s, label: s }))}
          style={{ width: 160 }}
        />
        <Input.Search
          key={`subject-${subject ?? ''}`}
          defaultValue={subject}
          placeholder={url.filter === 'policy' ? 'pricing.> (policy)' : 'Subject, e.g. orders.*'}
          aria-label="Subject"
          allowClear
          onSearch={(v) => setFilter('subject', v.trim() || undefined)}
          style={{ width: 240 }}
        />
        <Flex align="center" gap={6} style={{ marginLeft: 'auto' }}>
          <Switch size="small" checked={follow} onChange={setFollow} id="follow-live" aria-label="Follow live events" />
          <label htmlFor="follow-live">Follow live</label>
          <span style={{ width: 8 }} />
          <LiveBadge hub={liveHub} />
        </Flex>
      </Flex>
      {critical && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={`Critical alerts among the newest ${events.scanned ?? CRITICAL_SCAN} alert events`}
        />
      )}
      <ListStatus what="events" query={tableQuery} retrying={retrying} refused={refused} labels={EVENT_FILTER_LABELS} />
      <Table<EventRow>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={events.rows}
        scroll={{ x: 900 }}
        onRow={(r) => ({
          onClick: (ev) => {
            if (!(ev.target as HTMLElement).closest('button')) setOpen(r);
          },
          style: { cursor: 'pointer' },
        })}
        locale={{
          emptyText: emptyText(
            tableQuery,
            retrying,
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={critical ? 'No critical alerts' : narrowed ? 'No events match these filters' : 'No events yet: they appear as your store changes'}
            />,
          ),
        }}
        pagination={{
          ...tableProps.pagination,
          showTotal: (t: number) => (critical ? `${t} critical` : `${t.toLocaleString('en-US')} events`),
        }}
      />
      <EventDrawer event={open} onClose={() => setOpen(null)} />
    </>
  );
}
