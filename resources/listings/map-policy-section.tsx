/**
 * MAP policy, the listings domain's section of /settings (docs/settings.md "MAP policy"): the grace
 * below MAP tolerated before a price is a violation, as a percent of MAP and as an amount in dollars
 * (the larger of the two counts; docs/marketplaces.md "MAP monitoring"). Read with
 * `GET /listings/map-settings`, saved on its own with `PUT /listings/map-settings` (administrators);
 * the new grace re-checks every listing at once, and the section says how many violations that
 * opened and resolved. Dollars become integer cents through contract/money.ts.
 */
import { useEffect, useState } from 'react';
import { Alert, Col, Form, InputNumber, Row, Skeleton, Typography } from 'antd';
import { useCustom, useNotification } from '@refinedev/core';
import { MAP_GRACE_PCT_MAX, type MapSettings, type MapSettingsSaved } from '../../contract/listings';
import { centsToDollars, toCents } from '../../contract/money';
import { finalMessage } from '../../providers/api';
import { useCommandAllowed } from '../../src/shell/command-gate';
import { LoadError } from '../shared/list-error';
import { useCommand } from '../shared/use-command';
import { fieldErrorsOf } from '../products/field-errors';
import { SectionFooter } from '../settings/section-footer';
import listingsModule from './index';

interface Values { grace_pct: number | null; grace_dollars: number | null }

/** Wire field → form field, for the server's field errors. */
const FIELD_OF: Record<string, keyof Values> = { grace_pct: 'grace_pct', grace_cents: 'grace_dollars' };

const formOf = (s: MapSettings): Values => ({ grace_pct: s.grace_pct, grace_dollars: centsToDollars(s.grace_cents) });

const count = (n: number) => `${n} violation${n === 1 ? '' : 's'}`;

/** "The new grace opened 2 violations and resolved 1." — what the re-check after a save did. */
export function recheckSentence(s: Pick<MapSettingsSaved, 'violations_opened' | 'violations_resolved'>): string {
  if (s.violations_opened === 0 && s.violations_resolved === 0) return 'The new grace opened and resolved no violations.';
  return `The new grace opened ${count(s.violations_opened)} and resolved ${count(s.violations_resolved)}.`;
}

export default function MapPolicySection() {
  const { query } = useCustom<{ data: MapSettings }>({ url: '/listings/map-settings', method: 'get', errorNotification: false });
  const canEdit = useCommandAllowed(listingsModule.commands.saveMapPolicy);
  const send = useCommand();
  const { open } = useNotification();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [recheck, setRecheck] = useState<MapSettingsSaved | null>(null);
  const settings = query.data?.data.data;

  useEffect(() => {
    if (settings && !form.isFieldsTouched()) form.setFieldsValue(formOf(settings));
  }, [settings, form]);

  const save = async (v: Values) => {
    setSaving(true);
    try {
      const saved = await send<MapSettingsSaved>('/listings/map-settings', { grace_pct: v.grace_pct ?? 0, grace_cents: toCents(v.grace_dollars ?? 0) }, 'put');
      form.resetFields();
      form.setFieldsValue(formOf(saved));
      setRecheck(saved);
      open?.({ type: 'success', message: 'MAP policy saved', description: recheckSentence(saved) });
      void query.refetch();
    } catch (e) {
      const fields = Object.entries(fieldErrorsOf(e) ?? {}).filter(([f]) => FIELD_OF[f]);
      if (fields.length) form.setFields(fields.map(([f, message]) => ({ name: FIELD_OF[f], errors: [message] })));
      else open?.({ type: 'error', message: 'Could not save the MAP policy', description: finalMessage(e) });
    } finally {
      setSaving(false);
    }
  };

  if (query.isError) return <LoadError what="the MAP policy" error={query.error} onRetry={() => void query.refetch()} />;
  if (!settings) return <Skeleton active paragraph={{ rows: 2 }} />;
  return (
    <Form<Values> form={form} layout="vertical" onFinish={save} onValuesChange={() => setRecheck(null)} disabled={!canEdit || saving} initialValues={formOf(settings)} aria-label="MAP policy">
      <Typography.Paragraph type="secondary">
        A price below MAP by no more than the larger of the two is tolerated; a wider gap, yours or a competitor&apos;s, opens a violation.
        {settings.updated_at ? '' : ' No grace yet: any price below MAP is a violation.'}
      </Typography.Paragraph>
      <Row gutter={[24, 0]}>
        <Col xs={24} md={8}>
          <Form.Item name="grace_pct" label="Grace, percent of MAP">
            <InputNumber min={0} max={MAP_GRACE_PCT_MAX} step={0.5} precision={2} suffix="%" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="grace_dollars" label="Grace, amount">
            <InputNumber min={0} max={1000} step={0.01} precision={2} prefix="$" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Paragraph type="secondary">
        Your own listing below MAP raises an alert (it is not paused); saving re-checks every listing with a MAP at once.
      </Typography.Paragraph>
      {recheck && <Alert role="status" type="success" showIcon style={{ marginBottom: 16 }} message={recheckSentence(recheck)} />}
      {!canEdit && <Typography.Paragraph type="secondary">You can see the MAP policy; only an administrator can change it.</Typography.Paragraph>}
      <SectionFooter updatedAt={settings.updated_at} updatedBy={settings.updated_by} canEdit={canEdit} saving={saving} saveLabel="Save MAP policy" />
    </Form>
  );
}
