/**
 * A listing's price history with reasons (`GET /api/listings/{id}/price-history`, docs/repricing.md
 * "Decisions and price history"): every decision of the repricer, applied or not, newest first —
 * old → new price, why, what triggered it. Shown in the listing drawer and on the product page.
 */
import { Empty, Table, Tag, Typography } from 'antd';
import { useCustom } from '@refinedev/core';
import type { PriceDecision } from '../../contract/pricing';
import { LoadError } from '../shared/list-error';
import { dateTime, humanize } from '../shared/format';
import { moneyCents } from '../shared/format';

export function PriceHistory({ listingId }: { listingId: string }) {
  const { query } = useCustom<{ data: PriceDecision[] }>({
    url: `/listings/${encodeURIComponent(listingId)}/price-history`,
    method: 'get',
    errorNotification: false,
    queryOptions: { enabled: !!listingId },
  });
  if (query.isError) return <LoadError what="the price history" error={query.error} onRetry={() => void query.refetch()} />;
  const rows = query.data?.data?.data ?? [];
  return (
    <Table<PriceDecision>
      size="small"
      rowKey="id"
      loading={query.isLoading}
      dataSource={rows}
      pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="The repricer has not evaluated this listing yet" /> }}
      columns={[
        { title: 'When', dataIndex: 'created_at', width: 150, render: (d: string) => dateTime(d) },
        {
          title: 'Price',
          key: 'price',
          width: 150,
          render: (_: unknown, d) => (d.new_price_cents === null || d.new_price_cents === d.old_price_cents ? `${moneyCents(d.old_price_cents)} (unchanged)` : `${moneyCents(d.old_price_cents)} → ${moneyCents(d.new_price_cents)}`),
        },
        {
          title: 'Outcome',
          key: 'applied',
          width: 110,
          render: (_: unknown, d) => (d.applied ? <Tag color="green">Applied</Tag> : d.new_price_cents === null || d.new_price_cents === d.old_price_cents ? <Tag>Held</Tag> : <Tag color="blue">Proposed</Tag>),
        },
        {
          title: 'Why',
          dataIndex: 'reason',
          render: (r: string, d) => (
            <>
              {r}
              <div>
                <Typography.Text type="secondary">{humanize(d.trigger)}</Typography.Text>
              </div>
            </>
          ),
        },
      ]}
    />
  );
}
