/**
 * The pricing rule editor (docs/repricing.md "Rules"): every field of a rule — scope, floor inputs
 * (minimum margin, shipping; cost, MAP and the marketplace's fee come from the listing), ceiling,
 * strategy and step, competitor filters, scenarios, maximum change per run, minimum interval, mode —
 * with the live preview beside it. A new rule starts from the tenant's repricing defaults. Saves
 * through Refine (`POST` / `PUT /api/pricing/rules`); the server's field errors show under their fields.
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Col, Drawer, Divider, Form, Input, InputNumber, Radio, Row, Select, Skeleton, Space, Switch } from 'antd';
import { useCreate, useCustom, useUpdate } from '@refinedev/core';
import { BP_MAX, MIN_INTERVAL_MAX_S, type PricingRule, type RepricingDefaults } from '../../contract/pricing';
import { finalMessage } from '../../providers/api';
import { fieldErrorsOf } from '../products/field-errors';
import { MarketplaceSelect } from '../listings/marketplace-select';
import { SupplierSelect } from '../suppliers/supplier-select';
import { RulePreview } from './rule-preview';
import { LoadError } from '../shared/list-error';
import { FORM_FIELD_OF, STRATEGY_LABEL, newRule, toForm, toRule, type RuleFormValues } from './rule-values';

export const RULES_META = { path: '/pricing/rules', label: 'Pricing rule' } as const;

const PCT = { min: 0, max: BP_MAX / 100, step: 0.5, precision: 2, suffix: '%' } as const;
const USD = { min: 0, step: 0.01, precision: 2, prefix: '$' } as const;

function Fields({ stepUnit, scopeType, strategy }: { stepUnit: string; scopeType: string; strategy: string }) {
  return (
    <>
      <Row gutter={16}>
        <Col span={16}>
          <Form.Item name="name" label="Rule name" rules={[{ required: true, whitespace: true, message: 'Name the rule' }]}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="enabled" label="Enabled" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="mode" label="Mode">
        <Radio.Group
          options={[
            { value: 'proposals', label: 'Proposals (a person approves)' },
            { value: 'auto', label: 'Auto-apply within bounds' },
          ]}
        />
      </Form.Item>
      <Divider orientation="left" plain>Applies to</Divider>
      <Form.Item name="scope_type" label="Scope" extra="The most specific rule governs a listing: listings, then a product set, then a marketplace, then the default.">
        <Select
          options={[
            { value: 'tenant', label: 'All listings (default)' },
            { value: 'marketplace', label: 'A marketplace' },
            { value: 'products', label: 'A product set (tag, supplier or SKUs)' },
            { value: 'listings', label: 'Single listings' },
          ]}
        />
      </Form.Item>
      {scopeType === 'marketplace' && (
        <Form.Item name="marketplace_id" label="Marketplace" rules={[{ required: true, message: 'Pick a marketplace' }]}>
          <MarketplaceSelect />
        </Form.Item>
      )}
      {scopeType === 'products' && (
        <>
          <Form.Item name="tag" label="Product tag">
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="supplier_id" label="Supplier">
            <SupplierSelect aria-label="Supplier" />
          </Form.Item>
          <Form.Item name="skus" label="SKUs" extra="Type a SKU and press Enter. Each of tag, supplier and SKUs that is given must match.">
            <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
          </Form.Item>
        </>
      )}
      {scopeType === 'listings' && (
        <Form.Item name="listing_ids" label="Listing ids" rules={[{ required: true, message: 'Give at least one listing' }]} extra="Listing ids, e.g. from a listing's drawer.">
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
        </Form.Item>
      )}
      <Divider orientation="left" plain>Floor and ceiling</Divider>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="min_margin_pct" label="Minimum margin" extra="After the marketplace's fee" rules={[{ required: true, message: 'Enter a margin' }]}>
            <InputNumber {...PCT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="shipping" label="Our shipping per unit">
            <InputNumber {...USD} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="ceiling" label="Ceiling (optional)">
            <InputNumber {...USD} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Divider orientation="left" plain>Strategy</Divider>
      <Form.Item name="strategy" label="Strategy">
        <Select options={Object.entries(STRATEGY_LABEL).map(([value, label]) => ({ value, label }))} />
      </Form.Item>
      {(strategy === 'beat_lowest' || strategy === 'stay_above' || strategy === 'buy_box') && (
        <Space align="start">
          <Form.Item name="step" label={strategy === 'stay_above' ? 'Above by' : 'Beat by'}>
            {stepUnit === 'cents' ? <InputNumber {...USD} /> : <InputNumber {...PCT} />}
          </Form.Item>
          <Form.Item name="step_unit" label="Unit">
            <Radio.Group options={[{ value: 'cents', label: 'Amount' }, { value: 'bp', label: 'Percent' }]} optionType="button" />
          </Form.Item>
        </Space>
      )}
      <Form.Item label="Competitors that count" style={{ marginBottom: 0 }}>
        <Space wrap align="start">
          <Form.Item name="fulfilment" label="Fulfilment">
            <Checkbox.Group options={[{ value: 'marketplace', label: 'By the marketplace' }, { value: 'merchant', label: 'By the merchant' }]} />
          </Form.Item>
          <Form.Item name="min_rating" label="Minimum seller rating">
            <InputNumber min={0} max={100} precision={0} placeholder="Any" />
          </Form.Item>
          <Form.Item name="exclude_own" label="Exclude our own accounts" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form.Item>
      <Divider orientation="left" plain>Scenarios</Divider>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="no_competition" label="No competition">
            <Select options={[{ value: 'ceiling', label: 'Go to the ceiling' }, { value: 'hold', label: 'Hold' }]} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="below_floor" label="Competitor below floor">
            <Select options={[{ value: 'floor', label: 'Go to the floor' }, { value: 'hold', label: 'Hold' }]} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="own_buy_box" label="We own the buy box">
            <Select options={[{ value: 'raise', label: 'Raise toward the next' }, { value: 'hold', label: 'Hold' }, { value: 'strategy', label: 'Apply the strategy' }]} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="raise_step" label="Raise to next competitor minus">
            <InputNumber {...USD} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="max_change_pct" label="Max change per run">
            <InputNumber {...PCT} placeholder="No limit" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="min_interval_minutes" label="Min interval between changes">
            <InputNumber min={0} max={MIN_INTERVAL_MAX_S / 60} precision={0} suffix="min" placeholder="None" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

export function RuleEditor({ rule, open, onClose }: { rule: PricingRule | null; open: boolean; onClose: () => void }) {
  return (
    <Drawer open={open} onClose={onClose} width="min(1100px, 100vw)" title={rule ? `Edit rule “${rule.name}”` : 'New pricing rule'} destroyOnHidden>
      {open && (rule ? <RuleForm rule={rule} onDone={onClose} /> : <NewRuleForm onDone={onClose} />)}
    </Drawer>
  );
}

/**
 * A new rule starts from the tenant's repricing defaults (docs/settings.md "Repricing defaults"),
 * read when the editor opens: the values the server would fill in for a field left out.
 */
function NewRuleForm({ onDone }: { onDone: () => void }) {
  const { query } = useCustom<{ data: RepricingDefaults }>({ url: '/pricing/rules/defaults', method: 'get', errorNotification: false });
  const defaults = query.data?.data.data;
  if (query.isError) return <LoadError what="the repricing defaults" error={query.error} onRetry={() => void query.refetch()} />;
  if (!defaults) return <Skeleton active paragraph={{ rows: 8 }} />;
  return <RuleForm rule={null} initial={toForm(newRule(defaults))} onDone={onDone} />;
}

function RuleForm({ rule, initial, onDone }: { rule: PricingRule | null; initial?: RuleFormValues; onDone: () => void }) {
  const [form] = Form.useForm<RuleFormValues>();
  const values = Form.useWatch([], form) as Partial<RuleFormValues> | undefined;
  const { mutateAsync: create, mutation: creating } = useCreate();
  const { mutateAsync: update, mutation: updating } = useUpdate();
  const [error, setError] = useState<string | null>(null);
  const draft = values && values.name?.trim() ? toRule(values) : null;

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setError(null);
    const body = toRule(v);
    try {
      if (rule) await update({ resource: 'pricing_rules', id: rule.id, values: body, meta: RULES_META, successNotification: false, errorNotification: false });
      else await create({ resource: 'pricing_rules', values: body, meta: RULES_META, successNotification: false, errorNotification: false });
      onDone();
    } catch (e) {
      const fields = fieldErrorsOf(e) ?? {};
      const known = Object.entries(fields).filter(([f]) => FORM_FIELD_OF[f]);
      form.setFields(known.map(([f, message]) => ({ name: FORM_FIELD_OF[f], errors: [message] })));
      if (known.length === 0) setError(finalMessage(e));
    }
  };

  return (
    <Row gutter={24}>
      <Col xs={24} lg={13}>
        <Form form={form} layout="vertical" initialValues={initial ?? toForm(rule ?? undefined)} onFinish={save}>
          <Fields stepUnit={values?.step_unit ?? 'cents'} scopeType={values?.scope_type ?? 'tenant'} strategy={values?.strategy ?? 'beat_lowest'} />
          {error && <Alert type="error" showIcon message="The rule was not saved" description={error} style={{ marginBottom: 16 }} />}
          <Space>
            <Button type="primary" htmlType="submit" loading={creating.isPending || updating.isPending}>
              {rule ? 'Save rule' : 'Create rule'}
            </Button>
            <Button onClick={onDone}>Cancel</Button>
          </Space>
        </Form>
      </Col>
      <Col xs={24} lg={11}>
        <RulePreview rule={draft} ruleId={rule?.id} />
      </Col>
    </Row>
  );
}
