/**
 * One listing over the table (`?id=` in the URL; docs/marketplaces-ui.md "Listings"): its fields,
 * the marketplace's feed message when it refused, the competitor offers and buy box, and its history
 * (created, pushed, refused, price and status changes, violations) from `GET /api/listings/{id}`, and
 * the repricer's price history with reasons (docs/repricing.md).
 */
import { Alert, Descriptions, Drawer, Empty, Flex, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { Link } from 'react-router';
import { useOne } from '@refinedev/core';
import { MARKETPLACE_LABEL, type MarketplaceKind } from '../../contract/marketplaces';
import type { CompetitorOffer, ListingDetail, QuantityRule } from '../../contract/listings';
import { LoadError } from '../shared/list-error';
import { dateTime, humanize } from '../shared/format';
import { moneyCents } from '../shared/format';
import { ListingStatusTag, SyncStateTag } from './listing-status-tag';
import { PriceHistory } from '../pricing/price-history';

export function quantityRuleText(r: QuantityRule): string {
  return r.mode === 'fixed' ? `Fixed: ${r.quantity}` : r.buffer > 0 ? `Stock minus ${r.buffer}` : 'All stock';
}

const kindLabel = (k: string) => MARKETPLACE_LABEL[k as MarketplaceKind] ?? k;

function History({ listing }: { listing: ListingDetail }) {
  if (listing.history.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing recorded yet" />;
  return (
    <Timeline
      items={listing.history.map((h) => ({
        color: h.kind === 'refused' || h.kind === 'push_failed' || h.kind === 'violation_opened' ? 'red' : h.kind === 'pushed' || h.kind === 'violation_resolved' ? 'green' : 'blue',
        children: (
          <>
            <Typography.Text strong>{humanize(h.kind)}</Typography.Text> <Typography.Text type="secondary">{dateTime(h.at)}</Typography.Text>
            <div>{h.message}</div>
            {h.actor && <Typography.Text type="secondary">by {h.actor}</Typography.Text>}
          </>
        ),
      }))}
    />
  );
}

export function ListingDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { query, result: l } = useOne<ListingDetail>({ resource: 'listings', id: id ?? '', queryOptions: { enabled: !!id }, errorNotification: false });
  return (
    <Drawer open={!!id} onClose={onClose} width="min(760px, 100vw)" title={l ? l.title : 'Listing'}>
      {query.isLoading && <Spin />}
      {query.isError && <LoadError what="the listing" error={query.error} onRetry={() => void query.refetch()} />}
      {l && (
        <Flex vertical gap={20}>
          {l.feed_message && (
            <Alert
              type={l.status === 'error' ? 'error' : 'warning'}
              showIcon
              message={l.status === 'error' ? `${l.marketplace_name} refused this listing` : `Message from ${l.marketplace_name}`}
              description={l.feed_message}
            />
          )}
          {l.open_violations > 0 && (
            <Alert
              type="warning"
              showIcon
              message={`${l.open_violations} open MAP violation${l.open_violations === 1 ? '' : 's'}`}
              description={<Link to={`/catalog?tab=violations&listing_id=${encodeURIComponent(l.id)}`}>See the evidence</Link>}
            />
          )}
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="SKU">
              <Link to={`/products?sku=${encodeURIComponent(l.sku)}`}>{l.sku}</Link>
            </Descriptions.Item>
            <Descriptions.Item label="Product">{l.product_title}</Descriptions.Item>
            <Descriptions.Item label="Marketplace">
              {l.marketplace_name} <Tag>{kindLabel(l.marketplace_kind)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="Status">
              <ListingStatusTag status={l.status} /> <SyncStateTag state={l.sync_state} />
            </Descriptions.Item>
            <Descriptions.Item label="Price">{moneyCents(l.price_cents)}</Descriptions.Item>
            <Descriptions.Item label="MAP / cost">
              {moneyCents(l.map_price_cents)} / {moneyCents(l.cost_cents)}
            </Descriptions.Item>
            <Descriptions.Item label="Quantity">
              {l.quantity} <Typography.Text type="secondary">({quantityRuleText(l.quantity_rule)})</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="Buy box">
              {l.buy_box_owner ? `${l.buy_box_owner === 'you' ? 'You' : l.buy_box_owner} at ${moneyCents(l.buy_box_price_cents)}` : 'Nobody'}
            </Descriptions.Item>
            <Descriptions.Item label="Marketplace item">{l.external_id ?? 'Not published yet'}</Descriptions.Item>
            <Descriptions.Item label="Last pushed">{dateTime(l.last_pushed_at)}</Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              Competitor offers
            </Typography.Title>
            <Table<CompetitorOffer>
              size="small"
              rowKey="seller"
              pagination={false}
              dataSource={l.offers}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No other seller offers this item" /> }}
              columns={[
                { title: 'Seller', dataIndex: 'seller', render: (s: string, o) => (o.is_buy_box ? <>{s} <Tag color="gold">Buy box</Tag></> : s) },
                { title: 'Price', dataIndex: 'price_cents', align: 'right', render: (v: number) => moneyCents(v) },
                { title: 'Shipping', dataIndex: 'shipping_cents', align: 'right', render: (v: number) => moneyCents(v) },
                { title: 'Rating', dataIndex: 'rating', align: 'right' },
              ]}
            />
          </div>
          <div>
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              History
            </Typography.Title>
            <History listing={l} />
          </div>
          <div>
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              Price history
            </Typography.Title>
            <PriceHistory listingId={l.id} />
          </div>
        </Flex>
      )}
    </Drawer>
  );
}
