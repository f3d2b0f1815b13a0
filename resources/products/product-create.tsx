/** /products/create — issue 5 §4. */
import { Create, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { ProductFields } from './product-form';
import type { Product } from './types';

export default function ProductCreate() {
  const { formProps, saveButtonProps } = useForm<Product>({ resource: 'products', action: 'create', redirect: 'show' });
  return (
    <Create title="Create product" saveButtonProps={saveButtonProps}>
      <Form {...formProps} layout="vertical">
        <ProductFields />
      </Form>
    </Create>
  );
}
