/**
 * /products — docs/product/routes-and-roles.md (query `sku`), docs/commerce.md: server-side pagination, sorting, filters (status,
 * stock level, price range, supplier) and search, kept in the URL; `?sku=X` narrows the list to that
 * SKU (product or variant) and highlights the product; bulk edit; Shopify CSV import; CSV export.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CreateButton, List } from '@refinedev/antd';
import { useInvalidate } from '@refinedev/core';
import { Button, Empty, InputNumber, Select, Table, Tag } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useListTable } from '../shared/use-list-table';
import { useNavigationKey } from '../shared/use-navigation-key';
import { FilterBar } from '../shared/filter-bar';
import { sortable } from '../shared/sortable';
import { SupplierSelect } from '../suppliers/supplier-select';
import { ExportCsvButton } from '../shared/export-csv-button';
import { ImportDialog, type ImportSource } from '../shared/import-dialog';
import { ListStatus, emptyText } from '../shared/list-status';
import { mockProducts } from '../shared/commerce-mock';
import { dateTime, money } from '../shared/format';
import { CommandGate } from '../../src/shell/command-gate';
import productsModule from './index';
import { ProductBulkActions } from './product-bulk';
import { ProductStatusTag, StockTag } from './status-tag';
import { PRODUCT_STATUSES, STOCK_LEVELS, STOCK_LEVEL_LABEL, type Product } from '../../contract/products';
import './product-list.css';
import { PageTitle } from '../../src/shell/page-title';

const SHOPIFY: readonly ImportSource[] = [
  { key: 'shopify', label: 'Shopify product CSV', path: '/imports/shopify-products', contentType: 'text/csv', accept: '.csv,text/csv' },
];


/** Filter parameters as the page names them (in "The link asked for Status “bogus”…"). */
const PRODUCT_FILTER_LABELS = { status: 'Status', stock_level: 'Stock level', price_min: 'Minimum price', price_max: 'Maximum price', supplier_id: 'Supplier', sku: 'SKU', sort: 'Sort' };

/** The price-range filter: two bounds with the API's own parameter names. */
const PRICE_BOUNDS = [
  { field: 'price_min', label: 'Minimum price', placeholder: 'Min price' },
  { field: 'price_max', label: 'Maximum price', placeholder: 'Max price' },
] as const;
/** Keyed by arrival: a link to `/products?…` while the list is open reads its parameters again. */
export default function ProductList() {
  return <ProductListView key={useNavigationKey()} />;
}

function ProductListView() {
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { tableProps, tableQuery, filters, sorters, setFilter, clearFilters, filterValue, retrying, refused, mocked } = useListTable<Product>({ resource: 'products', fallback: mockProducts });
  const [selected, setSelected] = useState<Product[]>([]);
  const [importing, setImporting] = useState(false);
  const sku = filterValue('sku');
  const rows = tableProps.dataSource ?? [];
  const highlighted = sku ? rows.find((p) => p.sku.toUpperCase() === sku.toUpperCase()) ?? (rows.length === 1 ? rows[0] : undefined) : undefined;

  // bring the product named by ?sku= into view once its row is there
  useEffect(() => {
    if (highlighted) document.querySelector(`[data-row-key="${highlighted.id}"]`)?.scrollIntoView?.({ block: 'center' });
  }, [highlighted]);

  return (
    <List
      title={<PageTitle>Products</PageTitle>}
      headerButtons={
        <>
          <CommandGate command={productsModule.commands.import}>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              Import
            </Button>
          </CommandGate>
          <ExportCsvButton path="/products/export.csv" stem="products" filters={filters} sorters={sorters} />
          <CreateButton resource="products">Create product</CreateButton>
        </>
      }
    >
      <FilterBar
        search={filterValue('search')}
        onSearch={(v) => setFilter('search', v)}
        placeholder="Search title or SKU"
        active={filters.length > 0}
        onClear={clearFilters}
      >
        {sku && (
          <Tag closable color="blue" onClose={() => setFilter('sku', undefined)}>
            SKU: {sku}
          </Tag>
        )}
        <Select
          aria-label="Status"
          placeholder="Status"
          allowClear
          style={{ width: 140 }}
          value={filterValue('status')}
          onChange={(v?: string) => setFilter('status', v)}
          options={PRODUCT_STATUSES.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) }))}
        />
        <Select
          aria-label="Stock level"
          placeholder="Stock level"
          allowClear
          style={{ width: 170 }}
          value={filterValue('stock_level')}
          onChange={(v?: string) => setFilter('stock_level', v)}
          options={STOCK_LEVELS.map((s) => ({ value: s, label: STOCK_LEVEL_LABEL[s] }))}
        />
        {PRICE_BOUNDS.map(({ field, label, placeholder }) => (
          <InputNumber
            key={field}
            aria-label={label}
            placeholder={placeholder}
            min={0}
            prefix="$"
            style={{ width: 120 }}
            value={filterValue(field) === undefined ? null : Number(filterValue(field))}
            onChange={(v) => setFilter(field, v)}
          />
        ))}
        <SupplierSelect aria-label="Supplier" style={{ width: 200 }} value={filterValue('supplier_id')} onChange={(v?: string) => setFilter('supplier_id', v)} />
      </FilterBar>
      <ListStatus what="products" query={tableQuery} retrying={retrying} refused={refused} mocked={mocked} labels={PRODUCT_FILTER_LABELS} />
      <ProductBulkActions selected={selected} onClear={() => setSelected([])} />
      <Table<Product>
        {...tableProps}
        rowKey="id"
        scroll={{ x: 960 }}
        rowSelection={{
          selectedRowKeys: selected.map((p) => p.id),
          onChange: (_keys, rowsNow) => setSelected(rowsNow),
          // each row's checkbox is named by its product (docs/shell.md "Accessibility")
          getCheckboxProps: (p) => ({ title: `Select ${p.title}` }),
        }}
        rowClassName={(p) => (p.id === highlighted?.id ? 'product-row-highlight' : '')}
        onRow={(p) => ({ onClick: () => navigate(`/products/${p.id}`), style: { cursor: 'pointer' } })}
        locale={{ emptyText: emptyText(tableQuery, retrying, <Empty description={filters.length ? 'No products match these filters' : 'No products yet'} />) }}
        columns={[
          { title: 'Title', ...sortable('title', sorters), ellipsis: true },
          { title: 'SKU', ...sortable('sku', sorters), width: 170 },
          { title: 'Status', dataIndex: 'status', width: 100, render: (s: Product['status']) => <ProductStatusTag status={s} /> },
          {
            title: 'Price',
            ...sortable('price', sorters),
            align: 'right',
            width: 110,
            render: (v: number) => money(v),
          },
          { title: 'Stock', ...sortable('stock', sorters), align: 'right', width: 120, render: (v: number) => <StockTag stock={v} /> },
          { title: 'Supplier', dataIndex: 'supplier_name', ellipsis: true, render: (v: string | null) => v ?? '—' },
          { title: 'Variants', dataIndex: 'variants_count', align: 'right', width: 90 },
          { title: 'Updated', ...sortable('updated_at', sorters), width: 150, render: dateTime },
        ]}
      />
      <ImportDialog
        open={importing}
        title="Import products"
        sources={SHOPIFY}
        onClose={() => setImporting(false)}
        onImported={() => void invalidate({ resource: 'products', invalidates: ['list'] })}
      />
    </List>
  );
}
