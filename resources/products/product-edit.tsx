/**
 * /products/:id/edit — the product's own fields; variants are edited on the product page, one at a time
 * (docs/commerce-ui.md "Variants"). A server field error (duplicate SKU 409) shows under its field.
 * An unknown id shows "Product not found", not an empty form (docs/commerce-ui.md "Unknown ids and deleted records").
 */
import { Edit, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { userMessage } from '../../providers/api';
import { fieldErrorsOf, showFieldErrors } from './field-errors';
import { ProductFields } from './product-form';
import type { ProductDetail } from '../../contract/products';
import { BACK_ICON, PageTitle } from '../../src/shell/page-title';
import { RecordGate } from '../shared/record-page';

export default function ProductEdit() {
  return (
    <RecordGate resource="products">
      <ProductEditForm />
    </RecordGate>
  );
}

function ProductEditForm() {
  const { formProps, saveButtonProps, query, form } = useForm<ProductDetail>({
    resource: 'products',
    action: 'edit',
    redirect: 'show',
    errorNotification: (err) => (fieldErrorsOf(err) ? false : { type: 'error', message: 'Could not save the product', description: userMessage(err) }),
    onMutationError: (err) => void showFieldErrors(form, err),
  });
  const hasVariants = (query?.data?.data.variants.length ?? 0) > 0;
  return (
    <Edit title={<PageTitle>Edit product</PageTitle>} goBack={BACK_ICON} saveButtonProps={saveButtonProps} isLoading={query?.isLoading}>
      <Form
        {...formProps}
        layout="vertical"
        onFinish={(values) => {
          // the form holds the loaded variants too; they are edited on the product page, not replaced here
          const { price: _price, stock: _stock, variants: _variants, suppliers: _suppliers, ...rest } = values as Partial<ProductDetail>;
          return formProps.onFinish?.(hasVariants ? rest : { ...rest, price: _price, stock: _stock });
        }}
      >
        <ProductFields hasVariants={hasVariants} />
      </Form>
    </Edit>
  );
}
