/** /products/:id — a product with its variants and supplier links (issue 5 §1, §4). */
import { Show } from '@refinedev/antd';
import { useShow } from '@refinedev/core';
import { Card, Descriptions, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { LoadError } from '../shared/list-error';
import { dateTime, money } from '../shared/format';
import { ProductStatusTag, StockTag } from './status-tag';
import type { ProductDetail, SupplierLink, Variant } from './types';

function options(v: Variant): string {
  return [v.option1_value, v.option2_value, v.option3_value].filter(Boolean).join(' / ') || '—';
}

export default function ProductShow() {
  const { query, result: product } = useShow<ProductDetail>({ resource: 'products' });
  return (
    <Show title={product ? product.title : 'Product'} isLoading={query.isLoading}>
      {query.isError && <LoadError what="the product" error={query.error} onRetry={() => query.refetch()} />}
      {product && (
        <>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 24 }}>
            <Descriptions.Item label="SKU">{product.sku}</Descriptions.Item>
            <Descriptions.Item label="Status"><ProductStatusTag status={product.status} /></Descriptions.Item>
            <Descriptions.Item label="Price">{money(product.price)}</Descriptions.Item>
            <Descriptions.Item label="Cost">{money(product.cost)}</Descriptions.Item>
            <Descriptions.Item label="MAP price">{money(product.map_price)}</Descriptions.Item>
            <Descriptions.Item label="Stock"><StockTag stock={product.stock} /></Descriptions.Item>
            <Descriptions.Item label="Weight">{product.weight === null ? '—' : `${product.weight} g`}</Descriptions.Item>
            <Descriptions.Item label="Supplier">
              {product.supplier_id ? <Link to={`/suppliers/${product.supplier_id}`}>{product.supplier_name}</Link> : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="Vendor">{product.vendor ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Type">{product.product_type ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Tags">{product.tags ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Updated">{dateTime(product.updated_at)}</Descriptions.Item>
          </Descriptions>
          {product.description && (
            <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
              {product.description}
            </Typography.Paragraph>
          )}
          <Card title={`Variants (${product.variants.length})`} size="small" style={{ marginBottom: 24 }}>
            <Table<Variant>
              rowKey="id"
              size="small"
              dataSource={product.variants}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              locale={{ emptyText: 'This product has no variants' }}
              columns={[
                { title: 'SKU', dataIndex: 'sku' },
                { title: 'Options', key: 'options', render: (_: unknown, v) => options(v) },
                { title: 'Price', dataIndex: 'price', align: 'right', render: (n: number) => money(n) },
                { title: 'Cost', dataIndex: 'cost', align: 'right', render: (n: number | null) => money(n) },
                { title: 'MAP', dataIndex: 'map_price', align: 'right', render: (n: number | null) => money(n) },
                { title: 'Stock', dataIndex: 'stock', align: 'right', render: (n: number) => <StockTag stock={n} /> },
              ]}
            />
          </Card>
          <Card title="Suppliers" size="small">
            <Table<SupplierLink>
              rowKey="id"
              size="small"
              dataSource={product.suppliers}
              pagination={false}
              locale={{ emptyText: 'No supplier linked' }}
              columns={[
                { title: 'Supplier', dataIndex: 'supplier_name', render: (n: string, l) => <Link to={`/suppliers/${l.supplier_id}`}>{n}</Link> },
                { title: 'Tier', dataIndex: 'supplier_tier' },
                { title: 'Variant', dataIndex: 'variant_sku', render: (s: string | null) => s ?? 'All' },
                { title: 'Supplier cost', dataIndex: 'supplier_cost', align: 'right', render: (n: number | null) => money(n) },
                { title: 'Supplier stock', dataIndex: 'supplier_stock', align: 'right' },
              ]}
            />
          </Card>
        </>
      )}
    </Show>
  );
}
