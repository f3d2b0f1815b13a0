/**
 * An agent's run history and settings on /agents (`/agents?agent=<name>`, docs/agents.md "Console"):
 * its runs, newest first, paged on the server, each with its trigger, state, duration, figures and
 * error; and its thresholds, saved with PUT /agents/:name/settings (the server's message under each
 * refused field). Pricing Intelligence's thresholds stay on its own page.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Drawer, Form, InputNumber, Table, Tabs, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useList, useNotification } from '@refinedev/core';
import type { AgentName, AgentRow, AgentRun } from '../../contract/agents';
import { CommandGate } from '../../src/shell/command-gate';
import { finalMessage } from '../../providers/api';
import { dateTime } from '../shared/format';
import { LoadError } from '../shared/list-error';
import { useCommand } from '../shared/use-command';
import { outputsLine, RUN_WORDS, runDuration, TRIGGER_WORDS } from './agent-words';
import { AGENT_COMMANDS } from './commands';

interface Field { name: string; label: string; help: string; min: number; max: number; step?: number }

const FIELDS: Record<AgentName, Field[]> = {
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

function RunHistory({ name }: { name: AgentName }) {
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const { result, query } = useList<AgentRun>({
    resource: 'agents',
    meta: { path: `/agents/${name}/runs` },
    pagination: { currentPage: page.current, pageSize: page.pageSize, mode: 'server' },
    queryOptions: { refetchInterval: 5_000 },
    errorNotification: false,
  });
  return (
    <>
      {query.isError && <LoadError what="the run history" error={query.error} onRetry={() => void query.refetch()} />}
      <Table<AgentRun>
        rowKey="id"
        size="small"
        aria-label="Run history"
        loading={query.isPending}
        dataSource={query.isError ? [] : result.data}
        locale={{ emptyText: query.isPending || query.isError ? ' ' : 'No runs yet' }}
        pagination={{ current: page.current, pageSize: page.pageSize, total: result.total, onChange: (current, pageSize) => setPage({ current, pageSize }), showTotal: (t) => `${t} runs` }}
        columns={[
          { key: 'queued', title: 'Queued', render: (_, r) => dateTime(r.queued_at) },
          { key: 'trigger', title: 'Trigger', render: (_, r) => TRIGGER_WORDS[r.trigger] + (r.requested_by ? ` (${r.requested_by})` : '') },
          { key: 'status', title: 'Status', render: (_, r) => <Tag color={RUN_WORDS[r.status].color}>{RUN_WORDS[r.status].label}</Tag> },
          { key: 'duration', title: 'Duration', render: (_, r) => runDuration(r.duration_ms) },
          { key: 'outputs', title: 'Outputs', render: (_, r) => outputsLine(r.outputs) },
          { key: 'error', title: 'Error', render: (_, r) => r.error ?? '—' },
        ]}
      />
    </>
  );
}

function Settings({ agent, onSaved }: { agent: AgentRow; onSaved: () => void }) {
  const [form] = Form.useForm();
  const send = useCommand();
  const { open } = useNotification();
  const [saving, setSaving] = useState(false);
  const fields = FIELDS[agent.name];
  useEffect(() => form.setFieldsValue(agent.settings), [agent.settings, form]);
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
      await send(`/agents/${agent.name}/settings`, values, 'put');
      open?.({ type: 'success', message: 'Settings saved' });
      onSaved();
    } catch (e) {
      const details = (e as { details?: { field: string; message: string }[] }).details;
      if (Array.isArray(details)) form.setFields(details.filter((d) => fields.some((f) => f.name === d.field)).map((d) => ({ name: d.field, errors: [d.message] })));
      open?.({ type: 'error', message: 'Settings not saved', description: finalMessage(e) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={save} initialValues={agent.settings}>
      {fields.map((f) => (
        <Form.Item key={f.name} name={f.name} label={f.label} extra={f.help} rules={[{ required: true, message: `${f.label} is required` }]}>
          <InputNumber min={f.min} max={f.max} step={f.step ?? 1} style={{ width: 200 }} aria-label={f.label} />
        </Form.Item>
      ))}
      <CommandGate command={AGENT_COMMANDS.saveAgentSettings}>
        <Button type="primary" htmlType="submit" loading={saving}>Save settings</Button>
      </CommandGate>
    </Form>
  );
}

export function AgentDrawer({ agent, onClose, onSaved }: { agent: AgentRow | undefined; onClose: () => void; onSaved: () => void }) {
  return (
    <Drawer open={agent !== undefined} onClose={onClose} width={820} title={agent ? `${agent.title}: runs and settings` : ''} destroyOnHidden>
      {agent && (
        <>
          {agent.paused && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={`${agent.title} is paused: it does not run until it is resumed.`} />}
          <Tabs
            items={[
              { key: 'runs', label: 'Run history', children: <RunHistory name={agent.name} /> },
              { key: 'settings', label: 'Settings', children: <Settings agent={agent} onSaved={onSaved} /> },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
