/**
 * The Audit Logs filters (docs/governance.md "Audit log"): who (email or user id), action (a full
 * name such as `product.update`, or a verb such as `update`), resource, resource ID, a time range and
 * a request's correlation ID. The server filters; "Apply" sends them, "Clear filters" drops them.
 */
import { useState } from 'react';
import { Button, DatePicker, Flex, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { AUDIT_RESOURCES } from '../../contract/audit-vocabulary';
import { activeFilters, type AuditFilterValues } from './audit-query';

interface FormValues extends Omit<AuditFilterValues, 'from' | 'to'> { range?: [Dayjs | null, Dayjs | null] | null }

const toForm = (f: AuditFilterValues): FormValues => ({
  ...f,
  range: f.from || f.to ? [f.from ? dayjs(f.from) : null, f.to ? dayjs(f.to) : null] : null,
});

export function AuditFilters({ value, onChange }: { value: AuditFilterValues; onChange: (f: AuditFilterValues) => void }) {
  const [form] = Form.useForm<FormValues>();
  const [initial] = useState(() => toForm(value));
  const apply = (v: FormValues) => {
    const [from, to] = v.range ?? [];
    onChange(activeFilters({ actor: v.actor, action: v.action, resource: v.resource, resource_id: v.resource_id, correlation_id: v.correlation_id, from: from?.toISOString(), to: to?.toISOString() }));
  };
  const active = Object.keys(activeFilters(value)).length > 0;
  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={apply} role="search" aria-label="Audit log filters">
      <Flex gap={12} wrap align="end">
        <Form.Item name="actor" label="Who" style={{ marginBottom: 8 }}>
          <Input placeholder="Email or user ID" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="action" label="Action" style={{ marginBottom: 8 }}>
          <Input placeholder="e.g. product.update or update" allowClear style={{ width: 210 }} />
        </Form.Item>
        <Form.Item name="resource" label="Resource" style={{ marginBottom: 8 }}>
          <Select allowClear showSearch placeholder="Any" style={{ width: 180 }} options={AUDIT_RESOURCES.map((r) => ({ value: r, label: r }))} />
        </Form.Item>
        <Form.Item name="resource_id" label="Resource ID" style={{ marginBottom: 8 }}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="range" label="When" style={{ marginBottom: 8 }}>
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} aria-label="When" />
        </Form.Item>
        <Form.Item name="correlation_id" label="Correlation ID" style={{ marginBottom: 8 }}>
          <Input allowClear style={{ width: 280 }} />
        </Form.Item>
        <Form.Item style={{ marginBottom: 8 }}>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit">
              Apply
            </Button>
            {active && (
              <Button
                onClick={() => {
                  form.setFieldsValue({ actor: undefined, action: undefined, resource: undefined, resource_id: undefined, correlation_id: undefined, range: undefined });
                  onChange({});
                }}
              >
                Clear filters
              </Button>
            )}
          </Flex>
        </Form.Item>
      </Flex>
    </Form>
  );
}
