/**
 * A product's suppliers per variant (docs/dropshipping.md "Supplier mappings"): supplier SKU, cost,
 * shipping, stock, handling days, ship-from, countries served and priority, best first. The order
 * is the router's tie-break after score and landed cost: drag a row, or use the up and down buttons
 * (keyboard), and the new ranking is saved in one call (PUT /products/:id/suppliers/order).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, Empty, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { useCustom, useNotification } from '@refinedev/core';
import type { SupplierMapping } from '../../contract/fulfillment';
import { finalMessage } from '../../providers/api';
import { useCommandAllowed } from '../../src/shell/command-gate';
import { LoadError } from '../shared/list-error';
import { useCommand } from '../shared/use-command';
import { moneyCents } from '../shared/format';
import { moveItem } from './supplier-ranking';
import productsModule from './index';

type Group = { key: string; variantId: string | null; title: string; rows: SupplierMapping[] };

function groupsOf(rows: SupplierMapping[]): Group[] {
  const by = new Map<string, Group>();
  for (const r of rows) {
    const key = r.variant_id ?? 'product';
    const title = r.variant_id ? `Variant ${r.variant_sku ?? ''}${r.variant_label ? ` (${r.variant_label})` : ''}` : 'Every variant';
    if (!by.has(key)) by.set(key, { key, variantId: r.variant_id, title, rows: [] });
    by.get(key)!.rows.push(r);
  }
  return [...by.values()];
}

export function ProductSuppliers({ productId }: { productId: string }) {
  const { query } = useCustom<{ data: SupplierMapping[] }>({ url: `/products/${productId}/suppliers`, method: 'get', errorNotification: false });
  const rows = query.data?.data.data ?? [];
  return (
    <Card title={<Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>Suppliers</Typography.Title>} size="small">
      {query.isError && <LoadError what="the suppliers" error={query.error} onRetry={() => void query.refetch()} />}
      {query.isPending && <Skeleton active />}
      {!query.isPending && !query.isError && rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No supplier linked" />}
      {groupsOf(rows).map((g) => (
        <VariantSuppliers key={g.key} productId={productId} group={g} onSaved={() => void query.refetch()} />
      ))}
    </Card>
  );
}

function VariantSuppliers({ productId, group, onSaved }: { productId: string; group: Group; onSaved: () => void }) {
  const send = useCommand();
  const { open } = useNotification();
  const canReorder = useCommandAllowed(productsModule.commands.reorderSuppliers);
  const [order, setOrder] = useState<SupplierMapping[] | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const list = order ?? group.rows;

  const save = async (next: SupplierMapping[]) => {
    setOrder(next);
    setSaving(true);
    try {
      await send(`/products/${productId}/suppliers/order`, { variant_id: group.variantId, supplier_ids: next.map((r) => r.supplier_id) }, 'put');
      open?.({ type: 'success', message: 'Supplier order saved', description: `${next[0].supplier_name} is now first for ${group.title.toLowerCase()}.` });
      onSaved();
    } catch (e) {
      setOrder(null);
      open?.({ type: 'error', message: 'Could not save the supplier order', description: finalMessage(e) });
    } finally {
      setSaving(false);
    }
  };
  const move = (from: number, to: number) => void save(moveItem(list, from, to));

  return (
    <div style={{ marginBottom: 16 }}>
      <Typography.Title level={3} style={{ fontSize: 14 }}>{group.title}</Typography.Title>
      <Table<SupplierMapping>
        rowKey="id"
        size="small"
        pagination={false}
        loading={saving}
        dataSource={list}
        scroll={{ x: 1000 }}
        onRow={(_, i) =>
          canReorder && i !== undefined
            ? {
                draggable: true,
                onDragStart: () => setDragged(i),
                onDragOver: (e) => e.preventDefault(),
                onDrop: (e) => {
                  e.preventDefault();
                  if (dragged !== null) move(dragged, i);
                  setDragged(null);
                },
                style: { cursor: 'grab' },
              }
            : {}
        }
        columns={[
          ...(canReorder ? [{ title: 'Drag', key: 'drag', width: 32, render: () => <HolderOutlined aria-hidden /> }] : []),
          { title: 'Priority', key: 'priority', width: 80, render: (_: unknown, _r: SupplierMapping, i: number) => <Tag>{i + 1}</Tag> },
          { title: 'Supplier', dataIndex: 'supplier_name', render: (n: string, r: SupplierMapping) => <Link to={`/suppliers/${r.supplier_id}`}>{n}</Link> },
          { title: 'Supplier SKU', dataIndex: 'supplier_sku', render: (s: string | null) => s ?? '—' },
          { title: 'Cost', dataIndex: 'cost_cents', align: 'right' as const, render: (c: number | null) => moneyCents(c) },
          { title: 'Shipping', dataIndex: 'shipping_cents', align: 'right' as const, render: (c: number) => moneyCents(c) },
          { title: 'Stock', dataIndex: 'stock', align: 'right' as const },
          { title: 'Handling', dataIndex: 'handling_days', align: 'right' as const, render: (d: number) => `${d} days` },
          { title: 'Ships from', dataIndex: 'ship_from', render: (c: string | null) => c ?? '—' },
          { title: 'Countries', dataIndex: 'countries_served', render: (c: string[]) => (c.length ? c.join(', ') : 'Everywhere') },
          ...(canReorder
            ? [{
                title: 'Order',
                key: 'move',
                width: 96,
                render: (_: unknown, r: SupplierMapping, i: number) => (
                  <Space size={4}>
                    <Button size="small" icon={<ArrowUpOutlined />} disabled={i === 0 || saving} onClick={() => move(i, i - 1)} aria-label={`Move ${r.supplier_name} up`} />
                    <Button size="small" icon={<ArrowDownOutlined />} disabled={i === list.length - 1 || saving} onClick={() => move(i, i + 1)} aria-label={`Move ${r.supplier_name} down`} />
                  </Space>
                ),
              }]
            : []),
        ]}
      />
    </div>
  );
}
