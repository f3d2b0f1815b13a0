/**
 * Pick one product variant to list (docs/marketplaces-ui.md "Create Listing"): a searchable product
 * select over `GET /api/products?search=` (Refine's useSelect), then the product's variants from
 * `GET /api/products/{id}`. A product without variants cannot be listed: the page says how to fix it.
 */
import { useEffect, useMemo } from 'react';
import { Alert, Form, Select } from 'antd';
import { Link } from 'react-router';
import { useSelect } from '@refinedev/antd';
import { useOne } from '@refinedev/core';
import type { Product, ProductDetail, Variant } from '../../contract/products';
import { money } from '../shared/format';
import { requiredPick } from './picked-rule';

function variantLabel(v: Variant): string {
  const options = [v.option1_value, v.option2_value, v.option3_value].filter(Boolean).join(' / ');
  return `${v.sku}${options ? ` · ${options}` : ''} · ${money(v.price)} · ${v.stock} in stock`;
}

export interface PickedVariant { product: ProductDetail; variant: Variant }

export function ProductVariantPicker({ productId, variantId, onPicked }: { productId?: string; variantId?: string; onPicked: (p: PickedVariant | null) => void }) {
  const { selectProps } = useSelect<Product>({
    resource: 'products',
    optionLabel: (p) => `${p.title} (${p.sku})`,
    optionValue: 'id',
    pagination: { pageSize: 25 },
    onSearch: (value) => [{ field: 'search', operator: 'contains', value }],
    errorNotification: false,
  });
  const { result: product, query } = useOne<ProductDetail>({ resource: 'products', id: productId ?? '', queryOptions: { enabled: !!productId }, errorNotification: false });
  const form = Form.useFormInstance();
  const variants = useMemo(() => (product?.id === productId ? (product?.variants ?? []) : []), [product, productId]);

  // one variant: picked for the seller; the picked variant's figures go to the form
  useEffect(() => {
    if (variants.length === 1 && variantId !== variants[0].id) form.setFieldValue('variant_id', variants[0].id);
  }, [variants, variantId, form]);
  const picked = variants.find((v) => v.id === variantId);
  useEffect(() => {
    onPicked(product && picked ? { product, variant: picked } : null);
  }, [product, picked, onPicked]);

  return (
    <>
      <Form.Item name="product_id" label="Product" rules={[requiredPick('Pick a product')]}>
        <Select
          {...selectProps}
          showSearch
          placeholder="Search title or SKU"
          onChange={(v, o) => {
            form.setFieldValue('variant_id', undefined);
            selectProps.onChange?.(v, o);
          }}
        />
      </Form.Item>
      {productId && product && !query.isFetching && variants.length === 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="This product has no variants to list"
          description={
            <>
              A listing offers one variant (its SKU, price and stock). <Link to={`/products/${encodeURIComponent(productId)}`}>Add a variant on the product page</Link>, then come back.
            </>
          }
        />
      )}
      <Form.Item name="variant_id" label="Variant" rules={[requiredPick('Pick a variant')]} hidden={variants.length === 0}>
        <Select placeholder="Pick a variant" options={variants.map((v) => ({ value: v.id, label: variantLabel(v) }))} />
      </Form.Item>
    </>
  );
}
