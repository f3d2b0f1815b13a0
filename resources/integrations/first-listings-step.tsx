/**
 * The link wizard's last step (docs/marketplaces-ui.md "Link wizard"): list the store's first N active
 * products on the new account through `POST /api/listings/bulk`, with a progress bar. Up to
 * BULK_SYNC_MAX listings answer at once; more run as a job polled at `GET /api/listings/jobs/{id}`.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Form, InputNumber, Progress, Radio, Typography } from 'antd';
import { useCustom, useDataProvider } from '@refinedev/core';
import { useCommand } from '../shared/use-command';
import { finalMessage } from '../../providers/api';
import { LISTING_PRICE_DELTA_PCT, type BulkCreateSummary, type ListingBulkCreate, type ListingBulkCreateAnswer, type ListingJob } from '../../contract/listings';
import type { MarketplaceAccount } from '../../contract/marketplaces';

export const FIRST_LISTINGS_MAX = 500;

interface ImportForm { count: number; price_delta_pct: number; buffer: number; status: 'active' | 'draft' }

export function FirstListingsStep({ account, onDone }: { account: MarketplaceAccount; onDone: (summary: BulkCreateSummary | null) => void }) {
  const [form] = Form.useForm<ImportForm>();
  const getProvider = useDataProvider();
  const command = useCommand();
  const [phase, setPhase] = useState<'form' | 'running' | 'failed'>('form');
  const [error, setError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [planned, setPlanned] = useState(0);

  // a job's progress: polled until it is done or failed
  const { query: job } = useCustom<{ data: ListingJob }>({
    url: `/listings/jobs/${jobId ?? ''}`,
    method: 'get',
    queryOptions: {
      enabled: !!jobId,
      refetchInterval: (q) => {
        const s = q.state.data?.data.data.status;
        return s === 'done' || s === 'failed' ? false : 1000;
      },
    },
    errorNotification: false,
  });
  const current = job.data?.data.data;
  useEffect(() => {
    if (!jobId || !current) return;
    if (current.status === 'done') {
      setPhase('form');
      setJobId(null);
      onDone(current.result);
    } else if (current.status === 'failed') {
      setPhase('failed');
      setJobId(null);
      setError(current.error?.message ?? 'The job failed');
    }
  }, [jobId, current, onDone]);

  const start = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setPhase('running');
    setError(null);
    try {
      // the first N active products, newest first: the same list the Products page shows
      const products = await getProvider().getList<{ id: string }>({
        resource: 'products',
        pagination: { currentPage: 1, pageSize: v.count, mode: 'server' },
        filters: [{ field: 'status', operator: 'eq', value: 'active' }],
        sorters: [{ field: 'created_at', order: 'desc' }],
      });
      const ids = products.data.map((p) => p.id);
      if (ids.length === 0) {
        setPhase('failed');
        setError('Your store has no active products to list yet.');
        return;
      }
      setPlanned(ids.length);
      const body: ListingBulkCreate = {
        marketplace_ids: [account.id],
        product_ids: ids,
        variant_ids: [],
        price_delta_pct: v.price_delta_pct,
        quantity_rule: { mode: 'stock_minus_buffer', buffer: v.buffer },
        status: v.status,
      };
      const answer = await command<ListingBulkCreateAnswer>('/listings/bulk', body);
      if (answer.job) setJobId(answer.job.id);
      else {
        setPhase('form');
        onDone(answer);
      }
    } catch (e) {
      setPhase('failed');
      setError(finalMessage(e));
    }
  };

  if (phase === 'running') {
    const percent = current?.percent ?? (jobId ? 0 : undefined);
    return (
      <Flex vertical gap={12} aria-live="polite">
        <Typography.Text>
          Listing {planned} product{planned === 1 ? '' : 's'} on {account.name}…
        </Typography.Text>
        <Progress percent={percent ?? 100} status="active" showInfo={percent !== undefined} aria-label="Listing progress" />
        {current && (
          <Typography.Text type="secondary">
            {current.done} of {current.total} listings created
          </Typography.Text>
        )}
      </Flex>
    );
  }

  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph style={{ margin: 0 }}>
        Publish your catalog on <strong>{account.name}</strong> now, or skip and create listings later from Catalog &amp; Listings. Every variant of each product becomes
        one listing; products already listed here are skipped.
      </Typography.Paragraph>
      {error && <Alert role="alert" type="error" showIcon message="Could not create the listings" description={error} />}
      <Form<ImportForm> form={form} layout="vertical" initialValues={{ count: 25, price_delta_pct: 0, buffer: 0, status: 'active' }} style={{ maxWidth: 520 }}>
        <Form.Item name="count" label="Products to list" extra="Your newest active products, up to 500." rules={[{ required: true, message: 'Enter how many products' }]}>
          <InputNumber min={1} max={FIRST_LISTINGS_MAX} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="price_delta_pct"
          label="Price change (%)"
          extra="0 lists at your product price; 5 lists 5% above it."
          rules={[{ type: 'number', min: LISTING_PRICE_DELTA_PCT.min, max: LISTING_PRICE_DELTA_PCT.max, message: `Between ${LISTING_PRICE_DELTA_PCT.min} and ${LISTING_PRICE_DELTA_PCT.max}` }]}
        >
          <InputNumber suffix="%" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="buffer" label="Quantity buffer" extra="Offer your stock minus this many units, so the last ones are not oversold.">
          <InputNumber min={0} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="status" label="Publish as">
          <Radio.Group options={[{ label: 'Active (on sale)', value: 'active' }, { label: 'Draft', value: 'draft' }]} />
        </Form.Item>
      </Form>
      <Flex gap={8}>
        <Button type="primary" onClick={() => void start()}>
          Create listings
        </Button>
        <Button onClick={() => onDone(null)}>Skip for now</Button>
      </Flex>
    </Flex>
  );
}
