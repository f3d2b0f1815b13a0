/** Product status and stock level as tags. */
import { Tag } from 'antd';
import { LOW_STOCK_MAX, type ProductStatus } from '../../contract/products';

const STATUS_COLOR: Record<ProductStatus, string> = { active: 'green', draft: 'default', archived: 'orange' };

export function ProductStatusTag({ status }: { status: ProductStatus }) {
  return <Tag color={STATUS_COLOR[status]}>{status.charAt(0).toUpperCase() + status.slice(1)}</Tag>;
}

export function StockTag({ stock }: { stock: number }) {
  if (stock <= 0) return <Tag color="red">Out of stock</Tag>;
  if (stock <= LOW_STOCK_MAX) return <Tag color="gold">{stock} · Low</Tag>;
  return <span>{stock.toLocaleString('en-US')}</span>;
}
