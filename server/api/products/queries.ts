/** Product reads — docs/commerce.md: filters, sorts and search in SQL on indexes (docs/api-conventions.md). */
import type { Tx } from '../../db';
import { dollarsOf, dollarsOrNull, num, numOrNull } from '../../domain/numbers';
import { toCents } from '../../../contract/money';
import { prefixTsQuery } from '../list-kit/search-query';
import { fetchPage, type Page, type SortSpec, pageWindow } from '../list-kit/paging';
import { LOW_STOCK_MAX, type Product, type ProductDetail, type ProductListQuery, type ProductStatus, type SupplierLink, type Variant } from '../../../contract/products';
import { iso } from '../wire';
import { whereBuilder } from '../list-kit/where-builder';

const SORTS: Record<ProductListQuery['sort'], SortSpec> = {
  title: { columns: ['p.title', 'p.id'], types: ['text', 'uuid'] },
  sku: { columns: ['p.sku', 'p.id'], types: ['text', 'uuid'] },
  price: { columns: ['p.price_cents', 'p.id'], types: ['int8', 'uuid'] },
  stock: { columns: ['p.stock', 'p.id'], types: ['int4', 'uuid'] },
  updated_at: { columns: ['p.updated_at', 'p.id'], types: ['timestamptz', 'uuid'] },
  created_at: { columns: ['p.created_at', 'p.id'], types: ['timestamptz', 'uuid'] },
};

const LIST_COLUMNS = `p.id, p.handle, p.title, p.sku, p.status, p.vendor, p.product_type, p.price_cents, p.cost_cents, p.map_price_cents, p.stock,
  p.weight, p.supplier_id, p.created_at, p.updated_at,
  (select s.name from suppliers s where s.id = p.supplier_id) as supplier_name,
  (select count(*)::int from product_variants v where v.product_id = p.id) as variants_count`;

export type Row = Record<string, unknown>;

type Cents = number | string;
/** A product row as the driver reads it (`LIST_COLUMNS`, or the detail's columns). */
export type ProductDbRow = {
  id: string; handle: string; title: string; sku: string; status: ProductStatus; vendor: string | null; product_type: string | null;
  price_cents: Cents; cost_cents: Cents | null; map_price_cents: Cents | null; stock: number | string; weight: number | string | null;
  supplier_id: string | null; supplier_name: string | null; variants_count?: number | string; created_at: Date | string; updated_at: Date | string;
};
/** A variant row as the driver reads it (`VARIANT_COLUMNS`). */
export type VariantDbRow = {
  id: string; product_id: string; position: number | string; sku: string; stock: number | string; weight: number | string | null;
  price_cents: Cents; compare_at_price_cents: Cents | null; cost_cents: Cents | null; map_price_cents: Cents | null;
  option1_name: string | null; option1_value: string | null; option2_name: string | null; option2_value: string | null;
  option3_name: string | null; option3_value: string | null; orders_count?: number | string; created_at: Date | string; updated_at: Date | string;
};

/**
 * The products domain's one boundary between stored cents and the wire's dollars (docs/commerce.md
 * "Money"): a row with `*_cents` columns becomes the answer (contract `product`) with `price`, `cost`, `map_price`.
 */
export function mapProduct(r: ProductDbRow): Product {
  return {
    id: r.id,
    handle: r.handle,
    title: r.title,
    sku: r.sku,
    status: r.status,
    vendor: r.vendor,
    product_type: r.product_type,
    price: dollarsOf(r.price_cents),
    cost: dollarsOrNull(r.cost_cents),
    map_price: dollarsOrNull(r.map_price_cents),
    stock: num(r.stock),
    weight: numOrNull(r.weight),
    supplier_id: r.supplier_id,
    supplier_name: r.supplier_name,
    ...(r.variants_count !== undefined ? { variants_count: num(r.variants_count) } : {}),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/** A variant as answered: contract `variant`, with its product and timestamps. */
export type VariantAnswer = Variant & { product_id: string; created_at: string; updated_at: string };

export function mapVariant(r: VariantDbRow): VariantAnswer {
  return {
    id: r.id,
    product_id: r.product_id,
    position: num(r.position),
    option1_name: r.option1_name,
    option1_value: r.option1_value,
    option2_name: r.option2_name,
    option2_value: r.option2_value,
    option3_name: r.option3_name,
    option3_value: r.option3_value,
    sku: r.sku,
    price: dollarsOf(r.price_cents),
    compare_at_price: dollarsOrNull(r.compare_at_price_cents),
    cost: dollarsOrNull(r.cost_cents),
    map_price: dollarsOrNull(r.map_price_cents),
    stock: num(r.stock),
    weight: numOrNull(r.weight),
    ...(r.orders_count !== undefined ? { orders_count: num(r.orders_count) } : {}),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/** WHERE clauses of the product list; shared by the list and its CSV export. */
export function productFilters(tenantId: string, q: ProductListQuery): { where: string[]; params: unknown[] } {
  const { where, params, add } = whereBuilder('p.tenant_id = $1', tenantId);
  const ts = prefixTsQuery(q.search);
  if (ts) add((ph) => `p.search @@ to_tsquery('simple', ${ph})`, ts);
  if (q.status) add((ph) => `p.status = ${ph}`, q.status);
  if (q.supplier_id) {
    add(
      (ph) => `(p.supplier_id = ${ph} or exists (select 1 from product_suppliers ps where ps.tenant_id = p.tenant_id and ps.supplier_id = ${ph} and ps.product_id = p.id))`,
      q.supplier_id,
    );
  }
  if (q.stock_level === 'out_of_stock') where.push('p.stock <= 0');
  if (q.stock_level === 'low_stock') where.push(`p.stock between 1 and ${LOW_STOCK_MAX}`);
  if (q.stock_level === 'in_stock') where.push(`p.stock > ${LOW_STOCK_MAX}`);
  if (q.price_min !== undefined) add((ph) => `p.price_cents >= ${ph}`, toCents(q.price_min));
  if (q.price_max !== undefined) add((ph) => `p.price_cents <= ${ph}`, toCents(q.price_max));
  if (q.sku) {
    add(
      (ph) => `(upper(p.sku) = upper(${ph}) or exists (select 1 from product_variants v where v.tenant_id = p.tenant_id and v.product_id = p.id and upper(v.sku) = upper(${ph})))`,
      q.sku,
    );
  }
  return { where, params };
}

export async function listProducts(tx: Tx, tenantId: string, q: ProductListQuery): Promise<Page<ProductDbRow>> {
  const { where, params } = productFilters(tenantId, q);
  return fetchPage<ProductDbRow>(tx, {
    from: 'products p',
    select: LIST_COLUMNS,
    where,
    params,
    ...pageWindow(q, SORTS),
    customPlan: Boolean(q.search),
  });
}

export async function getProduct(tx: Tx, tenantId: string, id: string): Promise<ProductDetail | null> {
  const { rows } = await tx.query<ProductDbRow & { description: string | null; tags: string | null }>(
    `select p.id, p.handle, p.title, p.sku, p.status, p.description, p.vendor, p.product_type, p.tags, p.price_cents, p.cost_cents,
            p.map_price_cents, p.stock, p.weight, p.supplier_id, p.created_at, p.updated_at,
            (select s.name from suppliers s where s.id = p.supplier_id) as supplier_name
       from products p where p.tenant_id = $1 and p.id = $2`,
    [tenantId, id],
  );
  if (!rows[0]) return null;
  const variants = await listVariants(tx, tenantId, id);
  const links = await tx.query<Omit<SupplierLink, 'supplier_cost'> & { variant_id: string | null; supplier_cost_cents: Cents | null }>(
    `select ps.id, ps.supplier_id, s.name as supplier_name, s.tier as supplier_tier, ps.variant_id, v.sku as variant_sku,
            ps.supplier_cost_cents, ps.supplier_stock
       from product_suppliers ps join suppliers s on s.id = ps.supplier_id
       left join product_variants v on v.id = ps.variant_id
      where ps.tenant_id = $1 and ps.product_id = $2 order by s.name, v.sku nulls first`,
    [tenantId, id],
  );
  return {
    ...mapProduct(rows[0]),
    description: rows[0].description,
    tags: rows[0].tags,
    variants,
    suppliers: links.rows.map(({ supplier_cost_cents, ...l }) => ({
      ...l,
      supplier_tier: num(l.supplier_tier),
      supplier_cost: dollarsOrNull(supplier_cost_cents),
      supplier_stock: num(l.supplier_stock),
    })),
  };
}

const VARIANT_COLUMNS = `v.id, v.product_id, v.position, v.option1_name, v.option1_value, v.option2_name, v.option2_value, v.option3_name,
  v.option3_value, v.sku, v.price_cents, v.compare_at_price_cents, v.cost_cents, v.map_price_cents, v.stock, v.weight, v.created_at, v.updated_at,
  (select count(distinct oi.order_id)::int from order_items oi where oi.tenant_id = v.tenant_id and oi.variant_id = v.id) as orders_count`;

/** A product's variants; `orders_count` = orders with a line of that variant (the delete confirmation says it). */
export async function listVariants(tx: Tx, tenantId: string, productId: string) {
  const { rows } = await tx.query<VariantDbRow>(
    `select ${VARIANT_COLUMNS} from product_variants v where v.tenant_id = $1 and v.product_id = $2 order by v.position, v.sku`,
    [tenantId, productId],
  );
  return rows.map(mapVariant);
}

export async function getVariant(tx: Tx, tenantId: string, productId: string, variantId: string) {
  const { rows } = await tx.query<VariantDbRow>(
    `select ${VARIANT_COLUMNS} from product_variants v where v.tenant_id = $1 and v.product_id = $2 and v.id = $3`,
    [tenantId, productId, variantId],
  );
  return rows[0] ? mapVariant(rows[0]) : null;
}
