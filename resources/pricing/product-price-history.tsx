/**
 * The product page's price history: each of the product's listings (`GET /api/listings?product_id=`)
 * with the repricer's decisions and their reasons (docs/repricing.md "Decisions and price history").
 */
import { Card, Collapse, Empty } from 'antd';
import { useList } from '@refinedev/core';
import type { Listing } from '../../contract/listings';
import { LoadError } from '../shared/list-error';
import { moneyCents } from '../shared/format';
import { PriceHistory } from './price-history';

export function ProductPriceHistory({ productId }: { productId: string }) {
  const { query, result } = useList<Listing>({
    resource: 'listings',
    filters: [{ field: 'product_id', operator: 'eq', value: productId }],
    pagination: { currentPage: 1, pageSize: 50 },
    errorNotification: false,
  });
  const listings = result?.data ?? [];
  return (
    <Card title="Price history" size="small" style={{ marginTop: 24 }}>
      {query.isError && <LoadError what="the product's listings" error={query.error} onRetry={() => void query.refetch()} />}
      {!query.isError && !query.isLoading && listings.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="This product is not listed on any marketplace" />}
      {listings.length > 0 && (
        <Collapse
          defaultActiveKey={listings.length === 1 ? [listings[0].id] : []}
          items={listings.map((l) => ({
            key: l.id,
            label: `${l.marketplace_name} · ${l.sku} · now ${moneyCents(l.price_cents)}`,
            children: <PriceHistory listingId={l.id} />,
          }))}
        />
      )}
    </Card>
  );
}
