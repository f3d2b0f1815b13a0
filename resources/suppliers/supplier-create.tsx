/** /suppliers/create — docs/product/api-calls.md POST /suppliers; the list refreshes after it (Refine invalidates it). */
import { Create, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { userMessage } from '../../providers/api';
import { fieldErrorsOf, showFieldErrors } from '../products/field-errors';
import { SupplierFields, supplierBody } from './supplier-form';
import type { Supplier } from '../../contract/suppliers';
import { BACK_ICON, PageTitle } from '../../src/shell/page-title';

export default function SupplierCreate() {
  const { formProps, saveButtonProps, form } = useForm<Supplier>({
    resource: 'suppliers',
    action: 'create',
    redirect: 'show',
    // a field error (e.g. country) shows under its field, other errors as a toast
    errorNotification: (err) => (fieldErrorsOf(err) ? false : { type: 'error', message: 'Could not create the supplier', description: userMessage(err) }),
    onMutationError: (err) => void showFieldErrors(form, err),
  });
  return (
    <Create title={<PageTitle>Create supplier</PageTitle>} goBack={BACK_ICON} saveButtonProps={saveButtonProps}>
      <Form {...formProps} layout="vertical" onFinish={(v) => formProps.onFinish?.(supplierBody(v as Record<string, unknown>))}>
        <SupplierFields />
      </Form>
    </Create>
  );
}
