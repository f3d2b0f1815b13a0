/** /suppliers/create — spec §7.2 POST /suppliers; the list refreshes after it (Refine invalidates it). */
import { Create, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { SupplierFields, supplierBody } from './supplier-form';
import type { Supplier } from './types';

export default function SupplierCreate() {
  const { formProps, saveButtonProps } = useForm<Supplier>({ resource: 'suppliers', action: 'create', redirect: 'show' });
  return (
    <Create title="Create supplier" saveButtonProps={saveButtonProps}>
      <Form {...formProps} layout="vertical" onFinish={(v) => formProps.onFinish?.(supplierBody(v as Record<string, unknown>))}>
        <SupplierFields />
      </Form>
    </Create>
  );
}
