/**
 * The create or edit drawer of a declared list (src/lib/declared-list.ts `fields`), over Refine's
 * `useDrawerForm` (the page holds the hook, so its buttons open the drawer): the record is read and
 * saved through the data provider, and the server's field errors show under their fields. A
 * `money-cents` field is typed in dollars and kept, and sent, as an integer of cents.
 */
import { toCents as centsOfDollars } from '../../contract/money';
import { Drawer, Form, Input, InputNumber, Select, Switch } from 'antd';
import { SaveButton, type UseDrawerFormReturnType } from '@refinedev/antd';
import type { DeclaredField } from '../../src/lib/declared-list';

const toDollars = (cents: unknown) => ({ value: typeof cents === 'number' ? cents / 100 : cents });
const toCents = (dollars: unknown) => (typeof dollars === 'number' ? centsOfDollars(dollars) : dollars);

function FieldItem({ field }: { field: DeclaredField }) {
  const rules = field.required ? [{ required: true, message: `${field.label} is required` }] : undefined;
  const item = { name: field.name, label: field.label, rules };
  switch (field.kind ?? 'text') {
    case 'number':
      return (
        <Form.Item {...item}>
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
      );
    case 'money-cents':
      return (
        <Form.Item {...item} getValueProps={toDollars} normalize={toCents}>
          <InputNumber min={0} step={0.01} precision={2} prefix="$" style={{ width: '100%' }} />
        </Form.Item>
      );
    case 'select':
      return (
        <Form.Item {...item}>
          <Select allowClear={!field.required} options={field.options?.map((o) => ({ value: o.value, label: o.label }))} />
        </Form.Item>
      );
    case 'switch':
      return (
        <Form.Item {...item} valuePropName="checked" initialValue={false}>
          <Switch />
        </Form.Item>
      );
    default:
      return (
        <Form.Item {...item}>
          <Input />
        </Form.Item>
      );
  }
}

export interface DeclaredFormDrawerProps {
  /** The form's name: its inputs' ids start with it (the create and edit drawers are both in the page). */
  name: string;
  title: string;
  fields: readonly DeclaredField[];
  form: UseDrawerFormReturnType;
}

export function DeclaredFormDrawer({ name, title, fields, form }: DeclaredFormDrawerProps) {
  return (
    <Drawer {...form.drawerProps} title={title} extra={<SaveButton {...form.saveButtonProps} />}>
      <Form {...form.formProps} name={name} layout="vertical">
        {fields.map((f) => (
          <FieldItem key={f.name} field={f} />
        ))}
      </Form>
    </Drawer>
  );
}
