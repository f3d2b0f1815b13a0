/**
 * Marketplace fee overrides, the marketplaces' section of /settings (docs/settings.md "Fee
 * overrides"): a row per marketplace with its standard schedule and, for a seller with a negotiated
 * rate, the rate (a percent with two decimals) and the fixed fee per order (dollars) that replace it
 * from now on. Read with `GET /settings/fees`, saved on its own with `PUT /settings/fees`; "Use
 * standard" clears a row (saved as null). Percent and dollars become basis points and cents through
 * contract/money.ts; the server's 400 names `overrides.<kind>.rate_bp` / `.fixed_cents`, shown under
 * that field. Those who may not change settings see the values without inputs to change them.
 */
import { useEffect, useState } from 'react';
import { Button, Col, Empty, Form, Input, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useCustom, useNotification, useSubscription } from '@refinedev/core';
import { resourceChannel } from '../../contract/events';
import type { FeeOverride, FeeOverrideRow, FeeOverrides } from '../../contract/fee-overrides';
import { centsToDecimal, formatBp, formatCents } from '../../contract/money';
import { finalMessage } from '../../providers/api';
import { useCommandAllowed } from '../../src/shell/command-gate';
import { LoadError } from '../shared/list-error';
import { useCommand } from '../shared/use-command';
import { showFieldErrors } from '../products/field-errors';
import { SectionFooter } from '../settings/section-footer';
import integrationsModule from './index';
import { blank, DOLLARS, feeOverridesBodyOf, PERCENT, percentText, toForm, type FeeFormValues as Values, type RowValues } from './fee-override-values';

const schedule = (s: FeeOverride) => `${formatBp(s.rate_bp)} + ${formatCents(s.fixed_cents)}`;
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function MarketplaceRow({ m, canEdit, onStandard }: { m: FeeOverrideRow; canEdit: boolean; onStandard: () => void }) {
  const std = `${schedule(m.standard)}, paid out every ${m.standard.payout_every_days} day${m.standard.payout_every_days === 1 ? '' : 's'}`;
  const other = (field: keyof RowValues) => ['overrides', m.kind, field === 'rate_bp' ? 'fixed_cents' : 'rate_bp'];
  // both fields or neither: an empty pair is the standard schedule
  const pairRule = (field: keyof RowValues, pattern: RegExp, what: string) => ({ getFieldValue }: { getFieldValue: (n: (string | number)[]) => unknown }) => ({
    validator(_: unknown, value: string | undefined) {
      if (blank(value)) return blank(getFieldValue(other(field)) as string) ? Promise.resolve() : Promise.reject(new Error(`Enter the ${what} too, or use the standard schedule`));
      return pattern.test(value!.trim()) ? Promise.resolve() : Promise.reject(new Error(field === 'rate_bp' ? 'A percent with at most two decimals, such as 11.50' : 'An amount in dollars, such as 0.30'));
    },
  });
  return (
    <section aria-label={`${m.label} fees`} style={{ marginBottom: 16 }}>
      <Space wrap align="baseline">
        <Typography.Text strong>{m.label}</Typography.Text>
        {m.override ? <Tag color="blue">Negotiated: {schedule(m.override)}</Tag> : <Tag>Standard schedule</Tag>}
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        Standard: {std}.
        {m.override && m.in_force_since && ` In force since ${when(m.in_force_since)}.`}
      </Typography.Paragraph>
      <Row gutter={[16, 0]} align="bottom">
        <Col xs={24} sm={9} md={7}>
          <Form.Item name={['overrides', m.kind, 'rate_bp']} label={`${m.label} rate (%)`} dependencies={[other('rate_bp')]} rules={[pairRule('rate_bp', PERCENT, 'rate')]}>
            <Input inputMode="decimal" placeholder={percentText(m.standard.rate_bp)} suffix="%" readOnly={!canEdit} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={9} md={7}>
          <Form.Item name={['overrides', m.kind, 'fixed_cents']} label={`${m.label} fixed fee per order ($)`} dependencies={[other('fixed_cents')]} rules={[pairRule('fixed_cents', DOLLARS, 'fixed fee')]}>
            <Input inputMode="decimal" placeholder={centsToDecimal(m.standard.fixed_cents)} prefix="$" readOnly={!canEdit} />
          </Form.Item>
        </Col>
        {canEdit && (
          <Col xs={24} sm={6} md={5}>
            <Form.Item>
              <Button onClick={onStandard} aria-label={`Use the standard ${m.label} schedule`}>Use standard</Button>
            </Form.Item>
          </Col>
        )}
      </Row>
    </section>
  );
}

export default function FeeOverridesSection() {
  const { query } = useCustom<{ data: FeeOverrides }>({ url: '/settings/fees', method: 'get', errorNotification: false });
  const canEdit = useCommandAllowed(integrationsModule.commands.saveFees);
  const send = useCommand();
  const { open } = useNotification();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const data = query.data?.data.data;

  // a save in another tab: read again, and show it unless this form has unsaved edits
  useSubscription({ channel: resourceChannel('settings'), types: ['*'], onLiveEvent: () => void query.refetch() });
  useEffect(() => {
    if (data && !form.isFieldsTouched()) form.setFieldsValue(toForm(data));
  }, [data, form]);

  const save = async (v: Values) => {
    if (!data) return;
    setSaving(true);
    try {
      const saved = await send<FeeOverrides>('/settings/fees', feeOverridesBodyOf(v, data.marketplaces.map((m) => m.kind)), 'put');
      form.resetFields();
      form.setFieldsValue(toForm(saved));
      open?.({ type: 'success', message: 'Fee overrides saved' });
      void query.refetch();
    } catch (e) {
      if (!showFieldErrors(form, e, ['overrides'])) open?.({ type: 'error', message: 'Could not save the fee overrides', description: finalMessage(e) });
    } finally {
      setSaving(false);
    }
  };

  if (query.isError) return <LoadError what="the fee overrides" error={query.error} onRetry={() => void query.refetch()} />;
  if (!data) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (data.marketplaces.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No marketplaces to set fees for." />;
  return (
    <Form<Values> form={form} layout="vertical" onFinish={save} disabled={saving} initialValues={toForm(data)} aria-label="Marketplace fee overrides">
      <Typography.Paragraph type="secondary">
        A rate you set applies to orders placed from the moment you save; orders placed before keep the fee of their time.
        Leave both fields empty, or use the standard schedule, for the marketplace&apos;s published fees.
      </Typography.Paragraph>
      {data.marketplaces.map((m) => (
        <MarketplaceRow
          key={m.kind}
          m={m}
          canEdit={canEdit}
          onStandard={() => {
            form.setFieldValue(['overrides', m.kind, 'rate_bp'], '');
            form.setFieldValue(['overrides', m.kind, 'fixed_cents'], '');
            void form.validateFields([['overrides', m.kind, 'rate_bp'], ['overrides', m.kind, 'fixed_cents']]).catch(() => undefined);
          }}
        />
      ))}
      {!canEdit && <Typography.Paragraph type="secondary">You can see the fee schedules; only an administrator can change them.</Typography.Paragraph>}
      <SectionFooter updatedAt={data.updated_at} updatedBy={data.updated_by} canEdit={canEdit} saving={saving} saveLabel="Save fee overrides" />
    </Form>
  );
}
