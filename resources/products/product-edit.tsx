/** /products/:id/edit — issue 5 §4. Only the product's own fields are sent; variants stay as they are. */
import { Edit, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { ProductFields } from './product-form';
import type { ProductDetail } from './types';

export default function ProductEdit() {
  const { formProps, saveButtonProps, query } = useForm<ProductDetail>({ resource: 'products', action: 'edit', redirect: 'show' });
  const hasVariants = (query?.data?.data.variants.length ?? 0) > 0;
  return (
    <Edit title="Edit product" saveButtonProps={saveButtonProps} isLoading={query?.isLoading}>
      <Form
        {...formProps}
        layout="vertical"
        onFinish={(values) => {
          const { price: _price, stock: _stock, ...rest } = values as Partial<ProductDetail>;
          // a product with variants rolls price and stock up from them: sending them would overwrite that
          return formProps.onFinish?.(hasVariants ? rest : values);
        }}
      >
        <ProductFields hasVariants={hasVariants} />
      </Form>
    </Edit>
  );
}
