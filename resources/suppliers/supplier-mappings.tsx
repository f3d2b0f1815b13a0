/**
 * The supplier's variant mappings (docs/dropshipping.md "Supplier mappings"): product, variant,
 * supplier SKU, cost, stock, handling days, ship-from, countries and priority, from
 * GET /suppliers/:id/mappings, paged and sorted on the server, searchable by product or SKU.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Card, Empty, Input, Table, Typography } from 'antd';
import { useTable } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import type { SupplierMapping } from '../../contract/fulfillment';
import { LoadError } from '../shared/list-error';
import { sortable } from '../shared/sortable';
import { moneyCents } from '../shared/format';

export function SupplierMappings({ supplierId }: { supplierId: string }) {
  const [search, setSearch] = useState('');
  const { tableProps, tableQuery, sorters } = useTable<SupplierMapping, HttpError>({
    resource: 'suppliers',
    meta: { path: `/suppliers/${supplierId}/mappings` },
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    filters: { permanent: search ? [{ field: 'search', operator: 'contains', value: search }] : [] },
    sorters: { initial: [{ field: 'product', order: 'asc' }] },
    errorNotification: false,
    queryOptions: { placeholderData: keepPreviousData },
    liveMode: 'off',
  });
  return (
    <Card title={<Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>Variant mappings</Typography.Title>} size="small" style={{ marginTop: 24 }}>
      <Input.Search aria-label="Search mappings" placeholder="Search product or SKU" allowClear onSearch={setSearch} style={{ width: 280, marginBottom: 12 }} />
      {tableQuery.isError && <LoadError what="the mappings" error={tableQuery.error} onRetry={() => void tableQuery.refetch()} />}
      <Table<SupplierMapping>
        {...tableProps}
        rowKey="id"
        size="small"
        scroll={{ x: 1000 }}
        locale={{ emptyText: tableQuery.isError ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search ? 'No mapping matches' : 'No product is mapped to this supplier'} /> }}
        columns={[
          { title: 'Product', ...sortable('product', sorters), render: (_: unknown, r) => <Link to={`/products/${r.product_id}`}>{r.product_title}</Link> },
          { title: 'Variant', dataIndex: 'variant_sku', render: (s: string | null, r) => (s ? `${s}${r.variant_label ? ` (${r.variant_label})` : ''}` : 'Every variant') },
          { title: 'Supplier SKU', dataIndex: 'supplier_sku', render: (s: string | null) => s ?? '—' },
          { title: 'Cost', ...sortable('cost', sorters), align: 'right', render: (_: unknown, r) => moneyCents(r.cost_cents) },
          { title: 'Stock', dataIndex: 'stock', align: 'right' },
          { title: 'Handling', dataIndex: 'handling_days', align: 'right', render: (d: number) => `${d} days` },
          { title: 'Ships from', dataIndex: 'ship_from', render: (c: string | null) => c ?? '—' },
          { title: 'Countries', dataIndex: 'countries_served', render: (c: string[]) => (c.length ? c.join(', ') : 'Everywhere') },
          { title: 'Priority', ...sortable('priority', sorters), align: 'right' },
        ]}
      />
    </Card>
  );
}
