/** /suppliers/:id/edit — spec §7.2 PUT /suppliers/{id}; the list refreshes after it. */
import { Edit, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { SupplierFields, supplierBody } from './supplier-form';
import type { Supplier } from './types';

export default function SupplierEdit() {
  const { formProps, saveButtonProps, query } = useForm<Supplier>({ resource: 'suppliers', action: 'edit', redirect: 'show' });
  return (
    <Edit title="Edit supplier" saveButtonProps={saveButtonProps} isLoading={query?.isLoading}>
      <Form {...formProps} layout="vertical" onFinish={(v) => formProps.onFinish?.(supplierBody(v as Record<string, unknown>))}>
        <SupplierFields />
      </Form>
    </Edit>
  );
}
