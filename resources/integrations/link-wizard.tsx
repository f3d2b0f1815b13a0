/**
 * The marketplace link wizard (docs/marketplaces-ui.md "Link wizard"): kind → connection (the built-in
 * sandbox, or a live account's credentials where a real connector exists) → verify (the status the
 * `POST /api/marketplaces` answer gives; a live account is verified by a consumer, so the page polls it)
 * → first listings. Only an administrator links (manage:integrations); others are told so.
 */
import { useCallback, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Radio, Result, Spin, Steps, Typography } from 'antd';
import { Link } from 'react-router';
import { useCreate, useOne, type HttpError } from '@refinedev/core';
import { finalMessage } from '../../providers/api';
import { showFieldErrors } from '../products/field-errors';
import {
  FEE_SCHEDULES,
  LIVE_KINDS,
  MARKETPLACE_KINDS,
  MARKETPLACE_LABEL,
  type MarketplaceAccount,
  type MarketplaceCreate,
  type MarketplaceKind,
} from '../../contract/marketplaces';
import type { BulkCreateSummary } from '../../contract/listings';
import { useCommandAllowed } from '../../src/shell/command-gate';
import { moneyCents, percent } from '../shared/format';
import { FirstListingsStep } from './first-listings-step';
import { requiredPick } from '../listings/picked-rule';
import integrations from './index';

export const WIZARD_STEPS = ['Marketplace', 'Connection', 'Verify', 'First listings'] as const;

interface Choice {
  kind: MarketplaceKind;
  name: string;
  mode: 'sandbox' | 'live';
  shop_domain?: string;
  access_token?: string;
}

function feeLine(kind: MarketplaceKind): string {
  const f = FEE_SCHEDULES[kind];
  return `${percent(f.rate)}${f.fixed_cents ? ` + ${moneyCents(f.fixed_cents)}` : ''} per order · payout every ${f.payout_every_days} day${f.payout_every_days === 1 ? '' : 's'}`;
}

export function LinkWizard() {
  const allowed = useCommandAllowed(integrations.commands.link);
  const [step, setStep] = useState(0);
  const [form] = Form.useForm<Choice>();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [account, setAccount] = useState<MarketplaceAccount | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [summary, setSummary] = useState<BulkCreateSummary | null | undefined>(undefined);
  const { mutateAsync: create, mutation: createMutation } = useCreate<MarketplaceAccount, HttpError, MarketplaceCreate>();

  // a live account is verified by the connector's consumer: poll it while it is pending
  const { result: polled } = useOne<MarketplaceAccount>({
    resource: 'marketplaces',
    id: account?.id ?? '',
    queryOptions: { enabled: !!account && account.status === 'pending', refetchInterval: 2000 },
    errorNotification: false,
  });
  const verified = account?.status === 'pending' && polled ? polled : account;

  const onListed = useCallback((s: BulkCreateSummary | null) => setSummary(s), []);
  const kind = Form.useWatch('kind', form) as MarketplaceKind | undefined;
  const mode = Form.useWatch('mode', form) as Choice['mode'] | undefined;

  if (!allowed) {
    return (
      <Alert
        type="info"
        showIcon
        message="Only an administrator can link a marketplace"
        description="Linking an account stores its credentials and starts publishing listings, so it needs the Administrator role. Ask your administrator, or see the accounts already linked from Catalog & Listings."
      />
    );
  }

  const nextFromKind = async () => {
    const v = await form.validateFields(['kind', 'name']).catch(() => null);
    if (!v) return; // the messages show under the fields
    setChoice((c) => ({ ...c, ...v, mode: c?.mode ?? 'sandbox' }));
    setStep(1);
  };

  const link = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const c = { ...choice!, ...v };
    setChoice(c);
    setLinkError(null);
    const values: MarketplaceCreate = {
      kind: c.kind,
      name: c.name.trim(),
      mode: c.mode,
      sandbox_order_rate: 0.02,
      ...(c.mode === 'live' ? { credentials: { shop_domain: c.shop_domain?.trim() ?? '', access_token: c.access_token ?? '' } } : {}),
    };
    try {
      const { data } = await create({ resource: 'marketplaces', values, successNotification: false, errorNotification: false });
      setAccount(data);
      setStep(2);
    } catch (e) {
      // field problems go under their fields (credentials.shop_domain → the domain input)
      if (!showFieldErrors(form, e, ['name', 'kind'])) setLinkError(finalMessage(e));
    }
  };

  const liveOk = !!kind && LIVE_KINDS.includes(kind);

  return (
    <Card>
      <Steps current={step} items={WIZARD_STEPS.map((title) => ({ title }))} style={{ marginBottom: 24 }} />
      <Form<Choice> form={form} layout="vertical" initialValues={{ mode: 'sandbox' }} style={{ maxWidth: 640 }} preserve>
        <div hidden={step !== 0}>
          <Form.Item name="kind" label="Marketplace" rules={[requiredPick('Pick a marketplace')]}>
            <Radio.Group
              onChange={(e) => {
                const k = e.target.value as MarketplaceKind;
                if (!form.getFieldValue('name')) form.setFieldValue('name', `${MARKETPLACE_LABEL[k]} store`);
                if (!LIVE_KINDS.includes(k)) form.setFieldValue('mode', 'sandbox');
              }}
            >
              <Flex vertical gap={8}>
                {MARKETPLACE_KINDS.map((k) => (
                  <Radio key={k} value={k}>
                    <strong>{MARKETPLACE_LABEL[k]}</strong> <Typography.Text type="secondary">— {feeLine(k)}</Typography.Text>
                  </Radio>
                ))}
              </Flex>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="name" label="Account name" extra="How this account is called in the console, e.g. “Amazon US”." rules={[{ required: true, whitespace: true, message: 'Enter a name' }, { max: 200 }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Button type="primary" onClick={() => void nextFromKind()}>
            Next
          </Button>
        </div>

        <div hidden={step !== 1}>
          <Form.Item name="mode" label="Connection">
            <Radio.Group>
              <Flex vertical gap={8}>
                <Radio value="sandbox">
                  <strong>Sandbox</strong>{' '}
                  <Typography.Text type="secondary">— a simulated {kind ? MARKETPLACE_LABEL[kind] : 'marketplace'} in your own database: competitors, buy box, orders and payouts, no real money</Typography.Text>
                </Radio>
                <Radio value="live" disabled={!liveOk}>
                  <strong>Live account</strong>{' '}
                  <Typography.Text type="secondary">
                    {liveOk ? '— your real store, with its API credentials' : `— ${kind ? MARKETPLACE_LABEL[kind] : 'This marketplace'} links as a sandbox only for now`}
                  </Typography.Text>
                </Radio>
              </Flex>
            </Radio.Group>
          </Form.Item>
          {mode === 'live' && liveOk && (
            <>
              <Form.Item name="shop_domain" label="Shop domain" rules={[{ required: true, whitespace: true, message: 'Enter the shop domain' }]}>
                <Input placeholder="my-shop.myshopify.com" autoComplete="off" />
              </Form.Item>
              <Form.Item
                name="access_token"
                label="Admin API access token"
                extra="Stored encrypted; it is never shown again."
                rules={[{ required: true, message: 'Enter the access token' }]}
              >
                <Input.Password autoComplete="off" />
              </Form.Item>
            </>
          )}
          {linkError && <Alert role="alert" type="error" showIcon style={{ marginBottom: 16 }} message="Could not link the account" description={linkError} />}
          <Flex gap={8}>
            <Button onClick={() => setStep(0)}>Back</Button>
            <Button type="primary" loading={createMutation.isPending} onClick={() => void link()}>
              Link account
            </Button>
          </Flex>
        </div>
      </Form>

      {step === 2 && verified && (
        <>
          {verified.status === 'connected' && (
            <Result
              status="success"
              title={`${verified.name} is connected`}
              subTitle={verified.mode === 'sandbox' ? 'The sandbox is ready: it accepts listings at once.' : 'The marketplace accepted the credentials.'}
              extra={
                <Button type="primary" onClick={() => setStep(3)}>
                  Next: first listings
                </Button>
              }
            />
          )}
          {verified.status === 'pending' && (
            <Flex vertical align="center" gap={12} style={{ padding: 32 }} aria-live="polite">
              <Spin />
              <Typography.Text>Verifying the credentials with {MARKETPLACE_LABEL[verified.kind]}…</Typography.Text>
            </Flex>
          )}
          {verified.status === 'error' && (
            <Result
              status="error"
              title="The marketplace refused the credentials"
              subTitle={verified.error_message ?? 'No reason was given.'}
              extra={<Link to="/integrations">Open Marketplace Setup to reconnect or disconnect it</Link>}
            />
          )}
          {verified.status === 'paused' && <Result status="info" title={`${verified.name} is paused`} extra={<Link to="/integrations">Open Marketplace Setup</Link>} />}
        </>
      )}

      {step === 3 && account && summary === undefined && <FirstListingsStep account={account} onDone={onListed} />}
      {step === 3 && account && summary !== undefined && (
        <Result
          status="success"
          title={summary ? `${summary.created} listing${summary.created === 1 ? '' : 's'} created on ${account.name}` : `${account.name} is linked`}
          subTitle={
            summary
              ? `${summary.skipped ? `${summary.skipped} skipped (already listed, or a product without variants). ` : ''}They are pushed to the marketplace in the background; refusals show in the listing's feed message.`
              : 'You can create listings later from Catalog & Listings.'
          }
          extra={
            <Flex gap={8} justify="center" wrap>
              <Link to={`/listings?marketplace_id=${encodeURIComponent(account.id)}`}>
                <Button type="primary">View its listings</Button>
              </Link>
              <Link to="/integrations">
                <Button>Marketplace Setup</Button>
              </Link>
            </Flex>
          }
        />
      )}
    </Card>
  );
}
