/**
 * /products/:id — a product with its variants (editable one at a time, docs/commerce-ui.md "Variants")
 * and supplier links; its description rendered sanitised; Delete goes back to the list.
 */
import { EditButton, Show } from '@refinedev/antd';
import { useShow } from '@refinedev/core';
import { Descriptions } from 'antd';
import { Link } from 'react-router';
import { LoadError } from '../shared/list-error';
import { dateTime, money } from '../shared/format';
import { DeleteToListButton } from './delete-to-list-button';
import { ProductDescription } from './product-description';
import { ProductStatusTag, StockTag } from './status-tag';
import { VariantEditor } from './variant-editor';
import { ProductPriceHistory } from '../pricing/product-price-history';
import { ProductSuppliers } from './product-suppliers';
import { ProductImages } from './product-images';
import type { ProductDetail } from '../../contract/products';
import { BACK_ICON, PageTitle } from '../../src/shell/page-title';
import { RecordGate } from '../shared/record-page';

/** What deleting the product takes with it. */
export function productDeleteNotice(p: ProductDetail): string {
  const n = p.variants.length;
  const orders = p.variants.reduce((sum, v) => sum + (v.orders_count ?? 0), 0);
  const variants = n === 0 ? 'The product' : `The product and its ${n} variant${n === 1 ? '' : 's'}`;
  const lines = orders === 0 ? '' : ` Orders keep their lines (SKU, title, price) but lose the link to the product.`;
  return `${variants} will be deleted; this cannot be undone.${lines}`;
}

export default function ProductShow() {
  return (
    <RecordGate resource="products">
      <ProductShowView />
    </RecordGate>
  );
}

function ProductShowView() {
  const { query, result: product } = useShow<ProductDetail>({ resource: 'products' });
  return (
    <Show
      title={<PageTitle>{product ? product.title : 'Product'}</PageTitle>}
      goBack={BACK_ICON}
      isLoading={query.isLoading}
      headerButtons={({ defaultButtons }) =>
        product ? (
          <>
            <EditButton resource="products" recordItemId={product.id} />
            <DeleteToListButton resource="products" id={product.id} listPath="/products" title={`Delete ${product.title}?`} content={productDeleteNotice(product)} />
          </>
        ) : (
          defaultButtons
        )
      }
    >
      {query.isError && <LoadError what="the product" error={query.error} onRetry={() => query.refetch()} />}
      {product && (
        <>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 24 }}>
            <Descriptions.Item label="SKU">{product.sku}</Descriptions.Item>
            <Descriptions.Item label="Status"><ProductStatusTag status={product.status} /></Descriptions.Item>
            <Descriptions.Item label="Price">{money(product.price)}</Descriptions.Item>
            <Descriptions.Item label="Cost">{money(product.cost)}</Descriptions.Item>
            <Descriptions.Item label="MAP price">{money(product.map_price)}</Descriptions.Item>
            <Descriptions.Item label="Stock"><StockTag stock={product.stock} /></Descriptions.Item>
            <Descriptions.Item label="Weight">{product.weight === null ? '—' : `${product.weight} g`}</Descriptions.Item>
            <Descriptions.Item label="Supplier">
              {product.supplier_id ? <Link to={`/suppliers/${product.supplier_id}`}>{product.supplier_name}</Link> : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="Vendor">{product.vendor ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Type">{product.product_type ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Tags">{product.tags ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Updated">{dateTime(product.updated_at)}</Descriptions.Item>
          </Descriptions>
          {product.description && <ProductDescription text={product.description} />}
          <ProductImages productId={product.id} />
          <VariantEditor productId={product.id} variants={product.variants} />
          <ProductSuppliers productId={product.id} />
          <ProductPriceHistory productId={product.id} />
        </>
      )}
    </Show>
  );
}
