/**
 * Consumers tab of /streams (docs/events.md): every durable consumer with its filter subjects, acked
 * position, messages waiting for a retry, lag, max_deliver and its pending dead letters (counted per
 * consumer from GET /dlq, so the figure is the caller's tenant's own).
 */
import { Button, Empty, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useDataProvider, useList } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { NEEDS_ATTENTION, REFRESH } from '../../contract/constants';
import { LoadError } from '../shared/list-error';
import type { ConsumerInfo } from '../../contract/streams';
import { count } from '../shared/ops-format';
import { consumerVisible } from './stream-filters';
import type { StreamsUrl } from './streams-url';
import { SubjectTags } from '../shared/subject-tags';

interface Row extends ConsumerInfo { dlq: number }

export function ConsumersTab({ url }: { url: StreamsUrl }) {
  const list = useList<ConsumerInfo>({
    resource: 'consumers',
    meta: { path: '/streams/consumers' },
    pagination: { mode: 'off' },
    queryOptions: { refetchInterval: REFRESH.opsSummaryMs, staleTime: 0 },
    errorNotification: false,
  });
  // pending dead letters per consumer, counted from the caller's own DLQ (one page of one row each)
  const dataProvider = useDataProvider();
  const names = list.result.data.map((c) => c.name);
  const counts = useQuery({
    queryKey: ['data', 'default', 'dlq', 'pending-per-consumer', names],
    queryFn: (ctx) =>
      Promise.all(
        names.map((name) =>
          dataProvider().getList({
            resource: 'dlq',
            filters: [
              { field: 'consumer', operator: 'eq', value: name },
              { field: 'status', operator: 'eq', value: 'pending' },
            ],
            pagination: { currentPage: 1, pageSize: 1 },
            meta: { queryContext: ctx },
          }),
        ),
      ),
    enabled: names.length > 0,
    refetchInterval: REFRESH.opsSummaryMs,
    staleTime: 0,
  });
  const consumers = {
    data: counts.data ? list.result.data.map((c, i) => ({ ...c, dlq: counts.data[i]?.total ?? 0 })) : undefined,
    isPending: list.query.isPending || (names.length > 0 && counts.isPending),
    isError: list.query.isError || counts.isError,
    error: list.query.error ?? counts.error,
    refetch: () => Promise.all([list.query.refetch(), counts.refetch()]),
  };
  const rows = (consumers.data ?? []).filter((c) => consumerVisible(c, c.dlq, url.filter, url.subject));

  const columns: ColumnsType<Row> = [
    { title: 'Consumer', dataIndex: 'name', render: (n: string) => <Typography.Text strong>{n}</Typography.Text> },
    {
      title: 'Filter subjects',
      dataIndex: 'filter_subjects',
      render: (s: string[]) => <SubjectTags subjects={s} />,
    },
    { title: 'Acked seq', dataIndex: 'ack_floor', align: 'right', render: count },
    { title: 'Pending retries', dataIndex: 'redelivering', align: 'right', render: count },
    {
      title: 'Lag',
      dataIndex: 'lag',
      align: 'right',
      render: (n: number) => <Typography.Text type={n > NEEDS_ATTENTION.consumerLag ? 'warning' : undefined}>{count(n)}</Typography.Text>,
    },
    { title: 'Max deliver', dataIndex: 'max_deliver', align: 'right' },
    {
      title: 'DLQ',
      dataIndex: 'dlq',
      align: 'right',
      render: (n: number, r) =>
        n > 0 ? (
          <Link to={`/streams?tab=dlq&consumer=${encodeURIComponent(r.name)}`} aria-label={`${n} dead letters of ${r.name}`}>
            <Tag color="red">{count(n)}</Tag>
          </Link>
        ) : (
          <Typography.Text type="secondary">0</Typography.Text>
        ),
    },
  ];

  return (
    <>
      {consumers.isError && <LoadError error={consumers.error} onRetry={() => void consumers.refetch()} what="consumers" />}
      <Table<Row>
        rowKey="name"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={consumers.isPending}
        pagination={false}
        scroll={{ x: 860 }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={url.filter || url.subject ? 'No consumers match this filter' : 'No consumers are registered'}
            >
              {(url.filter || url.subject) && (
                <Link to="/streams?tab=consumers">
                  <Button>Show all consumers</Button>
                </Link>
              )}
            </Empty>
          ),
        }}
      />
    </>
  );
}
