/**
 * /products/create — the product's fields and, optionally, its variants (docs/commerce-ui.md "Variants").
 * A server field error (duplicate SKU 409, below MAP 400) shows under its field, including a variant row's.
 */
import { Create, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { userMessage } from '../../providers/api';
import { fieldErrorsOf, showFieldErrors } from './field-errors';
import { ProductFields } from './product-form';
import { ProductVariantFields } from './product-variant-fields';
import type { Product } from '../../contract/products';
import { BACK_ICON, PageTitle } from '../../src/shell/page-title';

export default function ProductCreate() {
  const { formProps, saveButtonProps, form } = useForm<Product>({
    resource: 'products',
    action: 'create',
    redirect: 'show',
    errorNotification: (err) => (fieldErrorsOf(err) ? false : { type: 'error', message: 'Could not create the product', description: userMessage(err) }),
    // Refine's useForm reads `errors`; this also covers an answer that only carries `details`
    onMutationError: (err) => void showFieldErrors(form, err),
  });
  const variants = Form.useWatch('variants', form) as unknown[] | undefined;
  return (
    <Create title={<PageTitle>Create product</PageTitle>} goBack={BACK_ICON} saveButtonProps={saveButtonProps}>
      <Form {...formProps} layout="vertical">
        <ProductFields hasVariants={(variants?.length ?? 0) > 0} />
        <ProductVariantFields />
      </Form>
    </Create>
  );
}
