/**
 * /suppliers/:id/edit — docs/product/api-calls.md PUT /suppliers/{id}; the list refreshes after it. An unknown
 * id shows "Supplier not found", not an empty form (docs/commerce-ui.md "Unknown ids and deleted records").
 */
import { Edit, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { userMessage } from '../../providers/api';
import { fieldErrorsOf, showFieldErrors } from '../products/field-errors';
import { SupplierFields, supplierBody } from './supplier-form';
import type { Supplier } from '../../contract/suppliers';
import { BACK_ICON, PageTitle } from '../../src/shell/page-title';
import { RecordGate } from '../shared/record-page';

export default function SupplierEdit() {
  return (
    <RecordGate resource="suppliers">
      <SupplierEditForm />
    </RecordGate>
  );
}

function SupplierEditForm() {
  const { formProps, saveButtonProps, query, form } = useForm<Supplier>({
    resource: 'suppliers',
    action: 'edit',
    redirect: 'show',
    // a field error (e.g. country) shows under its field, other errors as a toast
    errorNotification: (err) => (fieldErrorsOf(err) ? false : { type: 'error', message: 'Could not save the supplier', description: userMessage(err) }),
    onMutationError: (err) => void showFieldErrors(form, err),
  });
  return (
    <Edit title={<PageTitle>Edit supplier</PageTitle>} goBack={BACK_ICON} saveButtonProps={saveButtonProps} isLoading={query?.isLoading}>
      <Form {...formProps} layout="vertical" onFinish={(v) => formProps.onFinish?.(supplierBody(v as Record<string, unknown>))}>
        <SupplierFields />
      </Form>
    </Edit>
  );
}
