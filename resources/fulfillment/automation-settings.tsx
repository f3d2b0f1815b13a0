/**
 * The tenant's dropshipping automation (docs/dropshipping.md "Settings"): whether marketplace orders
 * flow on their own, the hold rules and what resolving a return does. Everyone who sees /fulfillment
 * reads them; administrators (write:settings) change them. A null hold threshold is off. The same
 * form is the "Dropshipping automation" section of /settings (`AutomationSettingsSection`, declared
 * in ./index.ts), without the card: the settings page gives the heading.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Select, Skeleton, Switch, Typography } from 'antd';
import { useCustom, useNotification } from '@refinedev/core';
import { RESOLUTIONS, type FulfillmentSettings } from '../../contract/fulfillment';
import { finalMessage } from '../../providers/api';
import { useCommandAllowed } from '../../src/shell/command-gate';
import { LoadError } from '../shared/list-error';
import { humanize } from '../shared/format';
import { useCommand } from '../shared/use-command';
import fulfillmentModule from './index';

/** One sentence of what the automation does now, for the card's summary. */
export function automationSummary(s: FulfillmentSettings): string {
  if (!s.automation_enabled) return 'Off: marketplace orders wait for you to route them and buy their labels.';
  const rules = [
    s.hold_min_supplier_stock !== null && `supplier stock below ${s.hold_min_supplier_stock}`,
    s.hold_max_handling_days !== null && `handling above ${s.hold_max_handling_days} days`,
    s.hold_min_margin_percent !== null && `margin below ${s.hold_min_margin_percent}%`,
  ].filter(Boolean);
  return `On: marketplace orders are routed to suppliers, ordered and labelled without a click${rules.length ? `; held when ${rules.join(', ')}` : ''}.`;
}

/** The form as a section of /settings: the page's section gives its heading. */
export function AutomationSettingsSection() {
  return <AutomationSettings embedded />;
}

export function AutomationSettings({ embedded = false }: { embedded?: boolean }) {
  const { query } = useCustom<{ data: FulfillmentSettings }>({ url: '/fulfillment/settings', method: 'get', errorNotification: false });
  const canEdit = useCommandAllowed(fulfillmentModule.commands.saveSettings);
  const send = useCommand();
  const { open } = useNotification();
  const [form] = Form.useForm<FulfillmentSettings>();
  const [saving, setSaving] = useState(false);
  const settings = query.data?.data.data;

  useEffect(() => {
    if (settings) form.setFieldsValue(settings);
  }, [settings, form]);

  const save = async (values: FulfillmentSettings) => {
    setSaving(true);
    try {
      const saved = await send<FulfillmentSettings>('/fulfillment/settings', { ...values, return_country: values.return_country.toUpperCase() }, 'put');
      open?.({ type: 'success', message: 'Automation settings saved', description: automationSummary(saved) });
      await query.refetch();
    } catch (e) {
      open?.({ type: 'error', message: 'Could not save the automation settings', description: finalMessage(e) });
    } finally {
      setSaving(false);
    }
  };

  const body = (
    <>
      {query.isError && <LoadError what="the automation settings" error={query.error} onRetry={() => void query.refetch()} />}
      {query.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {settings && (
        <>
          <Typography.Paragraph data-testid="automation-summary">{automationSummary(settings)}</Typography.Paragraph>
          <Form<FulfillmentSettings> form={form} layout="vertical" onFinish={save} disabled={!canEdit || saving} initialValues={settings}>
            <Row gutter={[24, 0]}>
              <Col xs={24} sm={12} lg={8}>
                <Form.Item name="automation_enabled" label="Automate marketplace orders" valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12} lg={8}>
                <Form.Item name="hold_min_supplier_stock" label="Hold when supplier stock below">
                  <InputNumber min={0} precision={0} placeholder="off" style={{ width: 90 }} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12} lg={8}>
                <Form.Item name="hold_max_handling_days" label="Hold when handling days above">
                  <InputNumber min={0} max={365} precision={0} placeholder="off" style={{ width: 90 }} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12} lg={8}>
                <Form.Item name="hold_min_margin_percent" label="Hold when margin below (%)">
                  <InputNumber min={-100} max={100} step={0.5} placeholder="off" style={{ width: 90 }} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12} lg={8}>
                <Form.Item name="return_default_resolution" label="Resolve returns by">
                  <Select style={{ width: 120 }} options={RESOLUTIONS.map((r) => ({ value: r, label: humanize(r) }))} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12} lg={8}>
                <Form.Item
                  name="return_country"
                  label="Return country"
                  rules={[{ required: true, pattern: /^[A-Za-z]{2}$/, message: 'Two letters, e.g. US' }]}
                >
                  <Input maxLength={2} style={{ width: 60 }} />
                </Form.Item>
              </Col>
            </Row>
            {canEdit && (
              <Button type="primary" htmlType="submit" loading={saving}>
                Save automation
              </Button>
            )}
          </Form>
          {!canEdit && <Alert type="info" showIcon style={{ marginTop: 12 }} message="Only an administrator can change the automation settings." />}
        </>
      )}
    </>
  );
  if (embedded) return body;
  return (
    <Card title={<Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>Automation</Typography.Title>} style={{ marginBottom: 24 }}>
      {body}
    </Card>
  );
}
