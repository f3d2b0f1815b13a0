/**
 * /listings/create — Create Listing (docs/product/routes-and-roles.md; docs/marketplaces-ui.md "Create Listing"): a product
 * variant, one or more connected marketplaces, a price checked against the variant's MAP (a warning:
 * below MAP becomes a violation) and cost (the server refuses below cost with 409 below_cost; the page
 * shows it and offers to confirm), and the quantity rule. One `POST /api/listings` per marketplace.
 */
import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Card, Flex, Form, Input, InputNumber, List, Radio, Tag, Typography } from 'antd';
import { useCreate, type HttpError } from '@refinedev/core';
import { ApiError, finalMessage } from '../../providers/api';
import { BELOW_COST_MESSAGE, BUFFER_MAX, quantityOf, type ListingCreate, type ListingDetail, type QuantityRule } from '../../contract/listings';
import { PageHeader } from '../../src/shell/page-header';
import { useCommandAllowed } from '../../src/shell/command-gate';
import { useMarketplaces, MarketplaceSelect } from './marketplace-select';
import { ProductVariantPicker, type PickedVariant } from './product-variant-picker';
import { checkPrice } from './price-check';
import { money } from '../shared/format';
import { toCents } from './cents';
import listingsModule from './index';
import { requiredPick } from './picked-rule';

interface CreateForm {
  product_id?: string;
  variant_id?: string;
  marketplace_ids: string[];
  title?: string;
  price?: number;
  quantity_mode: QuantityRule['mode'];
  buffer?: number;
  quantity?: number;
  status: 'active' | 'draft';
}

interface Outcome { marketplaceId: string; ok: boolean; message: string; code?: string; listingId?: string }

const isBelowCost = (e: unknown) => e instanceof ApiError && e.status === 409 && e.code === 'below_cost';

export default function CreateListingPage() {
  const [form] = Form.useForm<CreateForm>();
  const navigate = useNavigate();
  const allowed = useCommandAllowed(listingsModule.commands.create);
  const { mutateAsync: create } = useCreate<ListingDetail, HttpError, ListingCreate>();
  const marketplaces = useMarketplaces();
  const [picked, setPicked] = useState<PickedVariant | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const pickedId = useRef<string | null>(null);
  const onPicked = useCallback(
    (p: PickedVariant | null) => {
      // a newly picked variant brings its own price
      if (p && p.variant.id !== pickedId.current) form.setFieldValue('price', p.variant.price);
      pickedId.current = p?.variant.id ?? null;
      setPicked(p);
    },
    [form],
  );

  const productId = Form.useWatch('product_id', form);
  const variantId = Form.useWatch('variant_id', form);
  const price = Form.useWatch('price', form);
  const quantityMode = Form.useWatch('quantity_mode', form);
  const buffer = Form.useWatch('buffer', form);
  const fixed = Form.useWatch('quantity', form);
  const v = picked?.variant;
  const check = checkPrice(price == null ? null : toCents(price), v?.map_price == null ? null : toCents(v.map_price), v?.cost == null ? null : toCents(v.cost));
  const rule: QuantityRule = quantityMode === 'fixed' ? { mode: 'fixed', quantity: fixed ?? 0 } : { mode: 'stock_minus_buffer', buffer: buffer ?? 0 };
  const nameOf = (id: string) => marketplaces.data?.data.find((m) => m.id === id)?.name ?? id;
  const belowCostRefused = outcomes.filter((o) => !o.ok && o.code === 'below_cost');

  const submit = async (confirmBelowCost: boolean, only?: string[]) => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const targets = only ?? values.marketplace_ids;
    setBusy(true);
    const done: Outcome[] = [];
    for (const marketplaceId of targets) {
      const body: ListingCreate = {
        variant_id: values.variant_id!,
        marketplace_id: marketplaceId,
        ...(values.title?.trim() ? { title: values.title.trim() } : {}),
        price_cents: toCents(values.price!),
        quantity_rule: values.quantity_mode === 'fixed' ? { mode: 'fixed', quantity: values.quantity ?? 0 } : { mode: 'stock_minus_buffer', buffer: values.buffer ?? 0 },
        status: values.status,
        confirm_below_cost: confirmBelowCost,
      };
      try {
        const { data } = await create({ resource: 'listings', values: body, successNotification: false, errorNotification: false });
        done.push({ marketplaceId, ok: true, message: 'Created', listingId: data.id });
      } catch (e) {
        done.push({ marketplaceId, ok: false, message: isBelowCost(e) ? BELOW_COST_MESSAGE : finalMessage(e), code: e instanceof ApiError ? e.code : undefined });
      }
    }
    setBusy(false);
    // a retry replaces the outcome of the marketplaces it was for
    const merged = only ? [...outcomes.filter((o) => !only.includes(o.marketplaceId)), ...done] : done;
    setOutcomes(merged);
    const created = merged.filter((o) => o.ok);
    if (created.length === merged.length && created.length > 0) {
      // all created: the listing opens over the list, where its push shows up live
      void navigate(created.length === 1 ? `/listings?id=${encodeURIComponent(created[0].listingId!)}` : `/listings?variant_id=${encodeURIComponent(values.variant_id!)}`);
    }
  };

  if (!allowed) {
    return (
      <>
        <PageHeader title="Create Listing" />
        <Alert type="info" showIcon message="Your role cannot create listings" description="Creating a listing needs permission to write products." />
      </>
    );
  }

  const connected = (marketplaces.data?.data ?? []).filter((m) => m.status === 'connected');

  return (
    <>
      <PageHeader title="Create Listing" subtitle="Publish one product variant on one or more connected marketplaces." />
      <Card>
        {!marketplaces.isPending && connected.length === 0 && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message="No connected marketplace yet"
            description={
              <>
                Link a marketplace first with <Link to="/orchestrator/marketplaces/link">the link wizard</Link> (Create → Link Marketplace).
              </>
            }
          />
        )}
        <Form<CreateForm> form={form} layout="vertical" initialValues={{ quantity_mode: 'stock_minus_buffer', buffer: 0, status: 'active', marketplace_ids: [] }} style={{ maxWidth: 640 }}>
          <ProductVariantPicker productId={productId} variantId={variantId} onPicked={onPicked} />
          <Form.Item name="marketplace_ids" label="Marketplaces" rules={[requiredPick('Pick at least one marketplace')]}>
            <MarketplaceSelect mode="multiple" only={['connected']} placeholder="Connected marketplaces" />
          </Form.Item>
          <Form.Item name="title" label="Listing title" extra="Leave empty to use the product's title." rules={[{ max: 255 }]}>
            <Input placeholder={picked?.product.title} maxLength={255} />
          </Form.Item>
          <Form.Item
            name="price"
            label="Price (USD)"
            rules={[{ required: true, message: 'Enter a price' }]}
            validateStatus={check.warning ? 'warning' : undefined}
            help={check.warning ?? (v ? `MAP ${v.map_price == null ? 'not set' : money(v.map_price)} · cost ${v.cost == null ? 'not set' : money(v.cost)}` : undefined)}
          >
            <InputNumber min={0} step={0.01} precision={2} prefix="$" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="quantity_mode" label="Quantity offered">
            <Radio.Group
              options={[
                { label: 'Stock minus a buffer', value: 'stock_minus_buffer' },
                { label: 'Fixed quantity', value: 'fixed' },
              ]}
            />
          </Form.Item>
          {quantityMode === 'fixed' ? (
            <Form.Item name="quantity" label="Quantity" rules={[{ required: true, message: 'Enter a quantity' }]}>
              <InputNumber min={0} precision={0} style={{ width: 200 }} />
            </Form.Item>
          ) : (
            <Form.Item name="buffer" label="Buffer (units held back)">
              <InputNumber min={0} max={BUFFER_MAX} precision={0} style={{ width: 200 }} />
            </Form.Item>
          )}
          {v && (
            <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
              Offers {quantityOf(rule, v.stock)} unit{quantityOf(rule, v.stock) === 1 ? '' : 's'} now ({v.stock} in stock).
            </Typography.Paragraph>
          )}
          <Form.Item name="status" label="Publish as">
            <Radio.Group options={[{ label: 'Active (on sale)', value: 'active' }, { label: 'Draft', value: 'draft' }]} />
          </Form.Item>

          {outcomes.some((o) => !o.ok) && (
            <Alert
              role="alert"
              type={belowCostRefused.length ? 'warning' : 'error'}
              showIcon
              style={{ marginBottom: 16 }}
              message={belowCostRefused.length ? BELOW_COST_MESSAGE : 'Some listings could not be created'}
              description={
                <List
                  size="small"
                  dataSource={outcomes}
                  renderItem={(o) => (
                    <List.Item>
                      {nameOf(o.marketplaceId)} {o.ok ? <Tag color="success">Created</Tag> : <Tag color="error">{o.message}</Tag>}
                    </List.Item>
                  )}
                />
              }
              action={
                belowCostRefused.length > 0 && (
                  <Button danger loading={busy} onClick={() => void submit(true, belowCostRefused.map((o) => o.marketplaceId))}>
                    List at a loss
                  </Button>
                )
              }
            />
          )}
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={busy} onClick={(e) => {
                e.preventDefault();
                void submit(false);
              }}>
              Create listing
            </Button>
            <Button onClick={() => void navigate(-1)}>Cancel</Button>
          </Flex>
        </Form>
      </Card>
    </>
  );
}
