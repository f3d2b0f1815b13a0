/**
 * Repricing defaults, the pricing domain's section of /settings (docs/settings.md "Repricing
 * defaults"): the values a new pricing rule starts from — mode, strategy and step, minimum margin,
 * the scenarios, the maximum change and minimum interval, the competitor filters. Read with
 * `GET /settings/repricing`, saved on its own with `PUT /settings/repricing` (administrators); the
 * server's 400 names each bad field, shown under it. Shown in display units (dollars, %, minutes),
 * converted once like the rule editor's (resources/pricing/rule-values.ts). Existing rules keep
 * their values.
 */
import { useEffect, useState } from 'react';
import { Alert, Checkbox, Col, Form, InputNumber, Radio, Row, Select, Skeleton, Switch, Typography } from 'antd';
import { useCustom, useNotification, useSubscription } from '@refinedev/core';
import { resourceChannel } from '../../contract/events';
import { BP_MAX, MIN_INTERVAL_MAX_S, type RepricingDefaults, type RepricingDefaultsValues } from '../../contract/pricing';
import { finalMessage } from '../../providers/api';
import { useCommandAllowed } from '../../src/shell/command-gate';
import { LoadError } from '../shared/list-error';
import { useCommand } from '../shared/use-command';
import { fieldErrorsOf } from '../products/field-errors';
import { SectionFooter } from '../settings/section-footer';
import pricingModule from './index';
import { FORM_FIELD_OF, STRATEGY_LABEL, defaultsOf, newRule, toForm, toRule, type RuleFormValues } from './rule-values';

type Values = Pick<
  RuleFormValues,
  'mode' | 'strategy' | 'step_unit' | 'step' | 'min_margin_pct' | 'no_competition' | 'below_floor' | 'own_buy_box' | 'raise_step' | 'max_change_pct' | 'min_interval_minutes' | 'fulfilment' | 'min_rating' | 'exclude_own'
>;

const formOf = (d: RepricingDefaultsValues): Values => {
  const f = toForm(newRule(d));
  return {
    mode: f.mode, strategy: f.strategy, step_unit: f.step_unit, step: f.step, min_margin_pct: f.min_margin_pct, no_competition: f.no_competition,
    below_floor: f.below_floor, own_buy_box: f.own_buy_box, raise_step: f.raise_step, max_change_pct: f.max_change_pct,
    min_interval_minutes: f.min_interval_minutes, fulfilment: f.fulfilment, min_rating: f.min_rating, exclude_own: f.exclude_own,
  };
};

/** The form → the body of `PUT /settings/repricing` (the rule editor's conversion, the defaults' fields of it). */
const bodyOf = (v: Values): RepricingDefaultsValues => defaultsOf(toRule({ ...v, scope_type: 'tenant' }));

/** The server's field errors under the form's fields (`filters.fulfilment.0` → the fulfilment field). */
function fieldErrors(err: unknown): { name: keyof Values; errors: string[] }[] {
  return Object.entries(fieldErrorsOf(err) ?? {}).flatMap(([path, message]) => {
    const key = Object.keys(FORM_FIELD_OF).find((k) => path === k || path.startsWith(`${k}.`));
    return key ? [{ name: FORM_FIELD_OF[key] as keyof Values, errors: [message] }] : [];
  });
}

const PCT = { min: 0, max: BP_MAX / 100, step: 0.5, precision: 2, suffix: '%' } as const;
const USD = { min: 0, step: 0.01, precision: 2, prefix: '$' } as const;

export default function RepricingDefaultsSection() {
  const { query } = useCustom<{ data: RepricingDefaults }>({ url: '/settings/repricing', method: 'get', errorNotification: false });
  const canEdit = useCommandAllowed(pricingModule.commands.saveRepricingDefaults);
  const send = useCommand();
  const { open } = useNotification();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const defaults = query.data?.data.data;
  const stepUnit = Form.useWatch('step_unit', form) ?? defaults?.step_unit ?? 'cents';

  // a save in another tab: read again, and show it unless this form has unsaved edits
  useSubscription({ channel: resourceChannel('settings'), types: ['*'], onLiveEvent: () => void query.refetch() });
  useEffect(() => {
    if (defaults && !form.isFieldsTouched()) form.setFieldsValue(formOf(defaults));
  }, [defaults, form]);

  const save = async (v: Values) => {
    setSaving(true);
    try {
      const saved = await send<RepricingDefaults>('/settings/repricing', bodyOf(v), 'put');
      form.resetFields();
      form.setFieldsValue(formOf(saved));
      open?.({ type: 'success', message: 'Repricing defaults saved', description: 'New rules start from them; existing rules are unchanged.' });
      void query.refetch();
    } catch (e) {
      const fields = fieldErrors(e);
      if (fields.length) form.setFields(fields);
      else open?.({ type: 'error', message: 'Could not save the repricing defaults', description: finalMessage(e) });
    } finally {
      setSaving(false);
    }
  };

  if (query.isError) return <LoadError what="the repricing defaults" error={query.error} onRetry={() => void query.refetch()} />;
  if (!defaults) return <Skeleton active paragraph={{ rows: 4 }} />;
  return (
    <Form<Values> form={form} layout="vertical" onFinish={save} disabled={!canEdit || saving} initialValues={formOf(defaults)} aria-label="Repricing defaults">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={defaults.updated_at ? 'A new rule starts from these values; changing them changes no existing rule.' : 'Not changed yet: new rules start from the standard values below. Changing them changes no existing rule.'}
      />
      <Form.Item name="mode" label="Mode">
        <Radio.Group options={[{ value: 'proposals', label: 'Proposals (a person approves)' }, { value: 'auto', label: 'Auto-apply within bounds' }]} />
      </Form.Item>
      <Row gutter={[24, 0]}>
        <Col xs={24} md={8}>
          <Form.Item name="strategy" label="Strategy">
            <Select options={Object.entries(STRATEGY_LABEL).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="step" label="Beat or stay above by">
            {stepUnit === 'cents' ? <InputNumber {...USD} style={{ width: '100%' }} /> : <InputNumber {...PCT} style={{ width: '100%' }} />}
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="step_unit" label="Unit">
            <Radio.Group options={[{ value: 'cents', label: 'Amount' }, { value: 'bp', label: 'Percent' }]} optionType="button" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={[24, 0]}>
        <Col xs={24} md={8}>
          <Form.Item name="min_margin_pct" label="Minimum margin" extra="After the marketplace's fee" rules={[{ required: true, message: 'Enter a margin' }]}>
            <InputNumber {...PCT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="max_change_pct" label="Max change per run">
            <InputNumber {...PCT} placeholder="No limit" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="min_interval_minutes" label="Min interval between changes">
            <InputNumber min={0} max={MIN_INTERVAL_MAX_S / 60} precision={0} suffix="min" placeholder="None" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={[24, 0]}>
        <Col xs={24} md={6}>
          <Form.Item name="no_competition" label="No competition">
            <Select options={[{ value: 'ceiling', label: 'Go to the ceiling' }, { value: 'hold', label: 'Hold' }]} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="below_floor" label="Competitor below floor">
            <Select options={[{ value: 'floor', label: 'Go to the floor' }, { value: 'hold', label: 'Hold' }]} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="own_buy_box" label="We own the buy box">
            <Select options={[{ value: 'raise', label: 'Raise toward the next' }, { value: 'hold', label: 'Hold' }, { value: 'strategy', label: 'Apply the strategy' }]} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="raise_step" label="Raise to next competitor minus">
            <InputNumber {...USD} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={[24, 0]}>
        <Col xs={24} md={10}>
          <Form.Item name="fulfilment" label="Competitors fulfilled by" extra="None ticked: every competitor counts.">
            <Checkbox.Group options={[{ value: 'marketplace', label: 'The marketplace' }, { value: 'merchant', label: 'The merchant' }]} />
          </Form.Item>
        </Col>
        <Col xs={12} md={7}>
          <Form.Item name="min_rating" label="Minimum seller rating">
            <InputNumber min={0} max={100} precision={0} placeholder="Any" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={7}>
          <Form.Item name="exclude_own" label="Exclude our own accounts" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      {!canEdit && <Typography.Paragraph type="secondary">You can see the repricing defaults; only an administrator can change them.</Typography.Paragraph>}
      <SectionFooter updatedAt={defaults.updated_at} updatedBy={defaults.updated_by} canEdit={canEdit} saving={saving} saveLabel="Save repricing defaults" />
    </Form>
  );
}
