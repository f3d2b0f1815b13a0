/**
 * Consumers tab of /streams (issue 6 §2, §9): every durable consumer with its filter subjects, acked
 * position, messages waiting for a retry, lag, max_deliver and its pending dead letters (counted per
 * consumer from GET /dlq, so the figure is the caller's tenant's own).
 */
import { Button, Empty, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { NEEDS_ATTENTION, REFRESH } from '../../contract/constants';
import { LoadError } from '../shared/list-error';
import { opsApi, type ConsumerInfo } from '../shared/ops-api';
import { count } from '../shared/ops-format';
import { consumerVisible } from './stream-filters';
import type { StreamsUrl } from './streams-url';

interface Row extends ConsumerInfo { dlq: number }

async function loadConsumers(signal: AbortSignal): Promise<Row[]> {
  const consumers = await opsApi.consumers(signal);
  const dlq = await Promise.all(consumers.data.map((c) => opsApi.dlqList({ consumer: c.name, status: 'pending', limit: 1, offset: 0 }, signal)));
  return consumers.data.map((c, i) => ({ ...c, dlq: dlq[i].total }));
}

export function ConsumersTab({ url }: { url: StreamsUrl }) {
  const consumers = useQuery({
    queryKey: ['streams', 'consumers', 'with-dlq'],
    queryFn: ({ signal }) => loadConsumers(signal),
    refetchInterval: REFRESH.opsSummaryMs,
    staleTime: 0,
  });
  const rows = (consumers.data ?? []).filter((c) => consumerVisible(c, c.dlq, url.filter, url.subject));

  const columns: ColumnsType<Row> = [
    { title: 'Consumer', dataIndex: 'name', render: (n: string) => <Typography.Text strong>{n}</Typography.Text> },
    {
      title: 'Filter subjects',
      dataIndex: 'filter_subjects',
      render: (s: string[]) => (
        <Flex gap={4} wrap>
          {s.map((x) => (
            <Tag key={x} style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}>
              {x}
            </Tag>
          ))}
        </Flex>
      ),
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
