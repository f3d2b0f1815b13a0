/**
 * An agent's thresholds form (docs/agents.md "Console"): the fields of its settings, saved with
 * PUT /agents/:name/settings, the server's 400 shown under each field it names (a refusal about no
 * field as a notification). Read-only, without the save button, for a role that may not run
 * `saveAgentSettings`. Used by the /agents drawer and the Agents section of /settings. Pricing
 * Intelligence has none here: its thresholds are the repricer's (its own page).
 */
import { useEffect, useState } from 'react';
import { Button, Form, InputNumber, Typography } from 'antd';
import { Link } from 'react-router';
import { useNotification } from '@refinedev/core';
import type { AgentName, AgentRow } from '../../contract/agents';
import { useCommandAllowed } from '../../src/shell/command-gate';
import { finalMessage } from '../../providers/api';
import { fieldErrorsOf } from '../products/field-errors';
import { useCommand } from '../shared/use-command';
import { AGENT_COMMANDS } from './commands';

interface Field { name: string; label: string; help: string; min: number; max: number; step?: number }

export const SETTINGS_FIELDS: Record<AgentName, Field[]> = {
  demand: [
    { name: 'service_level', label: 'Service level', help: 'Chance not to run out during a lead time (0.95 = 95 %)', min: 0.5, max: 0.999, step: 0.01 },
    { name: 'review_days', label: 'Days an order covers', help: 'Days of demand a reorder covers beyond its lead time', min: 1, max: 180 },
    { name: 'warn_days', label: 'Warn below (days of cover)', help: 'A dropshipped best seller warns when its first supplier has fewer days of stock', min: 1, max: 365 },
    { name: 'best_seller_daily', label: 'Best seller from (units a day)', help: 'Sells at least this many a day', min: 0, max: 100000, step: 0.5 },
    { name: 'slow_mover_units', label: 'Slow mover below (units in history)', help: 'Fewer units sold in the history: keep a minimum instead of a forecast', min: 0, max: 1000 },
    { name: 'slow_mover_min_stock', label: 'Slow mover minimum stock', help: 'Units a slow mover keeps in stock', min: 0, max: 100000 },
    { name: 'history_days', label: 'Sales history (days)', help: 'Days of sales the forecast reads', min: 28, max: 730 },
    { name: 'every_hours', label: 'Runs every (hours)', help: 'How often it runs on its own', min: 1, max: 168 },
  ],
  competitor: [
    { name: 'price_drop_pct', label: 'Price drop alert (%)', help: 'A competitor dropping its price by more than this raises an alert', min: 1, max: 90 },
    { name: 'every_hours', label: 'Runs every (hours)', help: 'How often it runs on its own, besides after every marketplace tick', min: 1, max: 168 },
  ],
  pricing: [],
};

export function AgentSettingsForm({ agent, onSaved }: { agent: AgentRow; onSaved?: (saved: AgentRow) => void }) {
  const [form] = Form.useForm();
  const send = useCommand();
  const { open } = useNotification();
  const canEdit = useCommandAllowed(AGENT_COMMANDS.saveAgentSettings);
  const [saving, setSaving] = useState(false);
  const fields = SETTINGS_FIELDS[agent.name];
  // the server's values, unless the person is editing
  useEffect(() => {
    if (!form.isFieldsTouched()) form.setFieldsValue(agent.settings);
  }, [agent.settings, form]);
  if (fields.length === 0) {
    return (
      <Typography.Paragraph>
        Its thresholds (the buy-box alert, the sweep) are set for the repricer: see <Link to="/pricing/agent">Pricing Intelligence</Link>.
      </Typography.Paragraph>
    );
  }
  const save = async (values: Record<string, number>) => {
    setSaving(true);
    try {
      const saved = await send<AgentRow>(`/agents/${agent.name}/settings`, values, 'put');
      form.resetFields();
      form.setFieldsValue(saved?.settings ?? values);
      open?.({ type: 'success', message: `${agent.title}: settings saved` });
      onSaved?.(saved);
    } catch (e) {
      const errors = Object.entries(fieldErrorsOf(e) ?? {}).filter(([field]) => fields.some((f) => f.name === field));
      if (errors.length) form.setFields(errors.map(([name, message]) => ({ name, errors: [message] })));
      else open?.({ type: 'error', message: `${agent.title}: settings not saved`, description: finalMessage(e) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={save} initialValues={agent.settings} disabled={!canEdit || saving} aria-label={`${agent.title} settings`}>
      {fields.map((f) => (
        <Form.Item key={f.name} name={f.name} label={f.label} extra={f.help} rules={[{ required: true, message: `${f.label} is required` }]}>
          <InputNumber min={f.min} max={f.max} step={f.step ?? 1} style={{ width: 200 }} aria-label={f.label} />
        </Form.Item>
      ))}
      {canEdit ? (
        <Button type="primary" htmlType="submit" loading={saving}>Save settings</Button>
      ) : (
        <Typography.Text type="secondary">You can see these thresholds; your role cannot change them.</Typography.Text>
      )}
    </Form>
  );
}
