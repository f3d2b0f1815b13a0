/**
 * Events tab of /streams (docs/events.md): the event log, newest first, filtered by stream and subject,
 * with the live tail indicator and message inspection.
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Empty, Flex, Input, Select, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { STREAM_NAMES } from '../../contract/events';
import { liveHub } from '../../providers/live';
import { LoadError } from '../shared/list-error';
import { LiveBadge } from '../shared/ops-live-status';
import type { EventRow } from '../../contract/streams';
import { dateTime } from '../shared/format';
import { ago } from '../shared/ops-format';
import { EventDrawer } from './event-drawer';
import { CRITICAL_SCAN, effectiveSubject } from './stream-filters';
import type { StreamsUrl } from './streams-url';
import { useEvents } from './use-events';

const PAGE_SIZES = [25, 50, 100];

function preview(data: unknown): string {
  const s = JSON.stringify(data) ?? '';
  return s.length > 120 ? `${s.slice(0, 117)}…` : s;
}

export function EventsTab({ url }: { url: StreamsUrl }) {
  const [params, setParams] = useSearchParams();
  const stream = STREAM_NAMES.find((s) => s === params.get('stream'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : PAGE_SIZES[0];
  const [follow, setFollow] = useState(true);
  const [open, setOpen] = useState<EventRow | null>(null);
  const critical = url.filter === 'critical';
  const subject = effectiveSubject(url.filter, url.subject);
  const events = useEvents({ stream: critical ? 'ALERTS' : stream, subject, critical, page, pageSize, follow });

  const set = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };

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
          value={critical ? 'ALERTS' : stream}
          onChange={(v: string | undefined) => set({ stream: v, page: undefined })}
          options={STREAM_NAMES.map((s) => ({ value: s, label: s }))}
          style={{ width: 160 }}
        />
        <Input.Search
          key={`subject-${url.subject ?? ''}`}
          defaultValue={url.subject}
          placeholder={url.filter === 'policy' ? 'pricing.> (policy)' : 'Subject, e.g. orders.*'}
          aria-label="Subject"
          allowClear
          onSearch={(v) => set({ subject: v.trim() || undefined, page: undefined })}
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
          message={`Critical alerts among the newest ${events.data?.scanned ?? CRITICAL_SCAN} alert events`}
        />
      )}
      {events.isError && <LoadError error={events.error} onRetry={() => void events.refetch()} what="events" />}
      <Table<EventRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={events.data?.data ?? []}
        loading={events.isPending}
        scroll={{ x: 900 }}
        onRow={(r) => ({
          onClick: (ev) => {
            if (!(ev.target as HTMLElement).closest('button')) setOpen(r);
          },
          style: { cursor: 'pointer' },
        })}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={critical ? 'No critical alerts' : subject || stream ? 'No events match these filters' : 'No events yet: they appear as your store changes'}
            />
          ),
        }}
        pagination={
          critical
            ? { pageSize, showTotal: (t) => `${t} critical` }
            : {
                current: page,
                pageSize,
                total: events.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: PAGE_SIZES.map(String),
                showTotal: (t) => `${t.toLocaleString('en-US')} events`,
                onChange: (p, size) => set({ page: p > 1 && size === pageSize ? String(p) : undefined, pageSize: size !== PAGE_SIZES[0] ? String(size) : undefined }),
              }
        }
      />
      <EventDrawer event={open} onClose={() => setOpen(null)} />
    </>
  );
}
