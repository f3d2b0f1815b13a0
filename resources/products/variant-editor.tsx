/**
 * The product page's variants, editable in place — docs/commerce-ui.md "Variants": one row at a time
 * (SKU, options, price, cost, MAP, stock), "Add variant", and "Delete" with a confirmation that says how
 * many orders reference the variant. Each save is one call (`POST|PUT|DELETE /products/{id}/variants…`);
 * a field error from the server (duplicate SKU 409, below MAP 400) shows under its field.
 */
import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Space, Table, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useCan, useCustomMutation, useInvalidate } from '@refinedev/core';
import { userMessage } from '../../providers/api';
import { money } from '../shared/format';
import { fieldErrorsOf, showFieldErrors } from './field-errors';
import { StockTag } from './status-tag';
import type { Variant } from '../../contract/products';
import { belowMapRule } from './below-map-rule';

const NEW = '__new__';
const OPTION_SLOTS = [1, 2, 3] as const;
const EDITABLE = ['sku', 'price', 'cost', 'map_price', 'stock', ...OPTION_SLOTS.flatMap((n) => [`option${n}_name`, `option${n}_value`])] as const;

type Editable = (typeof EDITABLE)[number];
export type VariantValues = Partial<Record<Editable, string | number | null>>;

export function optionsText(v: Variant): string {
  return [v.option1_value, v.option2_value, v.option3_value].filter(Boolean).join(' / ') || '—';
}

/** Cleared inputs are sent as null (so clearing MAP removes it); SKU and texts trimmed. */
export function variantBody(values: VariantValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of EDITABLE) {
    const v = values[k];
    if (v === undefined) continue;
    out[k] = typeof v === 'string' ? v.trim() || null : v;
  }
  return out;
}

export function ordersNotice(n: number): string {
  if (n === 0) return 'No order references this variant.';
  return `${n} order${n === 1 ? ' references' : 's reference'} this variant. ${n === 1 ? 'It keeps its line' : 'They keep their lines'} (SKU, title, price) but ${n === 1 ? 'loses' : 'lose'} the link to the variant.`;
}

interface Props {
  productId: string;
  variants: Variant[];
}

export function VariantEditor({ productId, variants }: Props) {
  const [form] = Form.useForm<VariantValues>();
  const [modal, contextHolder] = Modal.useModal();
  const [editing, setEditing] = useState<string | null>(null);
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation();
  const mayWrite = useCan({ resource: 'products', action: 'edit' }).data?.can === true;
  const saving = mutation.isPending;

  const rows: Variant[] = editing === NEW ? [...variants, { id: NEW } as Variant] : variants;
  const base = `/products/${encodeURIComponent(productId)}/variants`;
  const refresh = () => invalidate({ resource: 'products', id: productId, invalidates: ['detail', 'list'] });

  const errorNotification = (err: unknown) =>
    // a field error is shown under its field; anything else is a toast
    fieldErrorsOf(err) ? (false as const) : { type: 'error' as const, message: 'Could not save the variant', description: userMessage(err) };

  const startEdit = (v: Variant | null) => {
    form.resetFields();
    if (v) form.setFieldsValue(Object.fromEntries(EDITABLE.map((k) => [k, v[k as keyof Variant] ?? undefined])) as VariantValues);
    else {
      // a new variant starts with the option names the product already uses
      const first = variants[0];
      form.setFieldsValue({ stock: 0, option1_name: first?.option1_name, option2_name: first?.option2_name, option3_name: first?.option3_name });
    }
    setEditing(v ? v.id : NEW);
  };

  const save = async () => {
    let values: VariantValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what to fix
    }
    const id = editing;
    try {
      await mutateAsync({
        url: id === NEW ? base : `${base}/${encodeURIComponent(id!)}`,
        method: id === NEW ? 'post' : 'put',
        values: variantBody(values),
        successNotification: () => ({ type: 'success', message: id === NEW ? 'Variant added' : 'Variant saved' }),
        errorNotification,
      });
    } catch (err) {
      showFieldErrors(form, err, EDITABLE);
      return;
    }
    setEditing(null);
    await refresh();
  };

  const remove = (v: Variant) =>
    modal.confirm({
      title: `Delete variant ${v.sku}?`,
      content: ordersNotice(v.orders_count ?? 0),
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        await mutateAsync({
          url: `${base}/${encodeURIComponent(v.id)}`,
          method: 'delete',
          values: {},
          successNotification: () => ({ type: 'success', message: `Variant ${v.sku} deleted` }),
          errorNotification: (err: unknown) => ({ type: 'error', message: 'Could not delete the variant', description: userMessage(err) }),
        }).catch(() => undefined);
        await refresh();
      },
    });

  const isEditing = (v: Variant) => v.id === editing;
  const moneyCell = (name: 'price' | 'cost' | 'map_price', label: string, rules = [] as object[]) =>
    (n: number | null, v: Variant) =>
      isEditing(v) ? (
        <Form.Item name={name} rules={rules} style={{ margin: 0 }} dependencies={name === 'price' ? ['map_price'] : undefined}>
          <InputNumber aria-label={label} min={0} step={0.01} precision={2} prefix="$" style={{ width: 120 }} />
        </Form.Item>
      ) : (
        money(n)
      );

  const priceRules = [
    { required: true, message: 'Enter a price' },
    belowMapRule('map_price'),
  ];

  return (
    <Card
      data-testid="variants"
      title={`Variants (${variants.length})`}
      size="small"
      style={{ marginBottom: 24 }}
      extra={
        mayWrite && (
          <Button size="small" icon={<PlusOutlined />} disabled={editing !== null} onClick={() => startEdit(null)}>
            Add variant
          </Button>
        )
      }
    >
      {contextHolder}
      <Form form={form} component={false}>
        <Table<Variant>
          rowKey="id"
          size="small"
          dataSource={rows}
          scroll={{ x: 900 }}
          pagination={editing ? false : { pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: 'This product has no variants' }}
          columns={[
            {
              title: 'SKU',
              dataIndex: 'sku',
              render: (sku: string, v) =>
                isEditing(v) ? (
                  <Form.Item name="sku" style={{ margin: 0 }} rules={[{ required: true, whitespace: true, message: 'Enter a SKU' }, { max: 100 }]}>
                    <Input aria-label="SKU" style={{ width: 160 }} />
                  </Form.Item>
                ) : (
                  sku
                ),
            },
            {
              title: 'Options',
              key: 'options',
              render: (_: unknown, v) =>
                isEditing(v) ? (
                  <Space direction="vertical" size={4}>
                    {OPTION_SLOTS.map((n) => (
                      <Space.Compact key={n}>
                        <Form.Item name={`option${n}_name`} noStyle rules={[{ max: 100 }]}>
                          <Input aria-label={`Option ${n} name`} placeholder={`Option ${n}`} style={{ width: 100 }} />
                        </Form.Item>
                        <Form.Item name={`option${n}_value`} noStyle rules={[{ max: 255 }]}>
                          <Input aria-label={`Option ${n} value`} placeholder="Value" style={{ width: 110 }} />
                        </Form.Item>
                      </Space.Compact>
                    ))}
                  </Space>
                ) : (
                  optionsText(v)
                ),
            },
            { title: 'Price', dataIndex: 'price', align: 'right', render: moneyCell('price', 'Price', priceRules) },
            { title: 'Cost', dataIndex: 'cost', align: 'right', render: moneyCell('cost', 'Cost') },
            { title: 'MAP', dataIndex: 'map_price', align: 'right', render: moneyCell('map_price', 'MAP price') },
            {
              title: 'Stock',
              dataIndex: 'stock',
              align: 'right',
              render: (n: number, v) =>
                isEditing(v) ? (
                  <Form.Item name="stock" style={{ margin: 0 }} rules={[{ required: true, message: 'Enter a quantity' }]}>
                    <InputNumber aria-label="Stock" min={0} precision={0} style={{ width: 100 }} />
                  </Form.Item>
                ) : (
                  <StockTag stock={n} />
                ),
            },
            ...(mayWrite
              ? [
                  {
                    title: 'Actions',
                    key: 'actions',
                    width: 170,
                    render: (_: unknown, v: Variant) =>
                      isEditing(v) ? (
                        <Space>
                          <Button type="primary" size="small" loading={saving} onClick={save}>
                            Save
                          </Button>
                          <Button size="small" onClick={() => setEditing(null)}>
                            Cancel
                          </Button>
                        </Space>
                      ) : (
                        <Space>
                          <Tooltip title={`Edit ${v.sku}`}>
                            <Button size="small" icon={<EditOutlined />} aria-label={`Edit variant ${v.sku}`} disabled={editing !== null} onClick={() => startEdit(v)} />
                          </Tooltip>
                          <Tooltip title={`Delete ${v.sku}`}>
                            <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete variant ${v.sku}`} disabled={editing !== null} onClick={() => remove(v)} />
                          </Tooltip>
                        </Space>
                      ),
                  },
                ]
              : []),
          ]}
        />
      </Form>
    </Card>
  );
}
