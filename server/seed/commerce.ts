/**
 * Commerce seed — docs/commerce.md Demo Store: ~250 products with variants, 15 suppliers with 12 months of
 * performance, 2,000 orders over 180 days; Northwind: 40 products, 5 suppliers, 200 orders.
 * Idempotent (skipped when the tenant has products); multi-row inserts keep the first start fast.
 */
import type { Db, Tx } from '../db';
import { DEMO_TENANT, NORTHWIND_TENANT } from './accounts';
import { insertOrders } from '../api/orders/insert';
import { demoAutomation, seedAutomationOn } from './automation';
import { currentMonth, scoreSupplier } from '../domain/supplier-score';
import { makeOrders, makeProducts, makeSuppliers, prng, type SeedProduct, type SeedSupplier } from './commerce-data';

export interface CommercePlan { tenantId: string; seed: number; products: number; suppliers: number; orders: number; skuPrefix: string }

export const PLANS: CommercePlan[] = [
  { tenantId: DEMO_TENANT.id, seed: 20240501, products: 250, suppliers: 15, orders: 2000, skuPrefix: '' },
  { tenantId: NORTHWIND_TENANT.id, seed: 777, products: 40, suppliers: 5, orders: 200, skuPrefix: 'NW-' },
];

const col = <T, V>(xs: T[], f: (x: T) => V): V[] => xs.map(f);

async function insertSuppliers(tx: Tx, tenantId: string, suppliers: SeedSupplier[], now: Date): Promise<void> {
  const asOf = currentMonth(now);
  const scored = suppliers.map((s) => ({ s, r: scoreSupplier(s.performance, asOf)! }));
  await tx.query(
    `insert into suppliers (id, tenant_id, name, tier, contact_name, email, phone, country, lead_time_days, on_time_rate, defect_rate,
       cancellation_rate, score, scored_at)
     select u.id, $1, u.name, u.tier, u.contact, u.email, u.phone, u.country, u.lead, u.ontime, u.defect, u.cancel, u.score, now()
       from unnest($2::uuid[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::numeric[], $10::numeric[],
                   $11::numeric[], $12::numeric[], $13::numeric[])
         as u(id, name, tier, contact, email, phone, country, lead, ontime, defect, cancel, score)`,
    [
      tenantId, col(scored, (x) => x.s.id), col(scored, (x) => x.s.name), col(scored, (x) => x.r.tier), col(scored, (x) => x.s.contact_name),
      col(scored, (x) => x.s.email), col(scored, (x) => x.s.phone), col(scored, (x) => x.s.country), col(scored, (x) => x.r.lead_time_days),
      col(scored, (x) => x.r.on_time_rate), col(scored, (x) => x.r.defect_rate), col(scored, (x) => x.r.cancellation_rate), col(scored, (x) => x.r.score),
    ],
  );
  const perf = suppliers.flatMap((s) => s.performance.map((p) => ({ ...p, supplier_id: s.id })));
  await tx.query(
    `insert into supplier_performance (tenant_id, supplier_id, month, orders, on_time_rate, defect_rate, cancellation_rate, lead_time_days)
     select $1, u.s, u.m, u.o, u.ot, u.d, u.c, u.l
       from unnest($2::uuid[], $3::date[], $4::int[], $5::numeric[], $6::numeric[], $7::numeric[], $8::numeric[]) as u(s, m, o, ot, d, c, l)`,
    [tenantId, col(perf, (p) => p.supplier_id), col(perf, (p) => p.month), col(perf, (p) => p.orders), col(perf, (p) => p.on_time_rate),
      col(perf, (p) => p.defect_rate), col(perf, (p) => p.cancellation_rate), col(perf, (p) => p.lead_time_days)],
  );
}

async function insertProducts(tx: Tx, tenantId: string, products: SeedProduct[]): Promise<void> {
  await tx.query(
    `insert into products (id, tenant_id, handle, title, sku, status, description, vendor, product_type, tags, price_cents, cost_cents, map_price_cents, stock,
       weight, supplier_id)
     select u.id, $1, u.handle, u.title, u.sku, u.status, u.descr, u.vendor, u.ptype, u.tags, u.price, u.cost, u.map, u.stock, u.weight, u.sup
       from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
                   $11::int8[], $12::int8[], $13::int8[], $14::int[], $15::numeric[], $16::uuid[])
         as u(id, handle, title, sku, status, descr, vendor, ptype, tags, price, cost, map, stock, weight, sup)`,
    [
      tenantId, col(products, (p) => p.id), col(products, (p) => p.handle), col(products, (p) => p.title), col(products, (p) => p.sku),
      col(products, (p) => p.status), col(products, (p) => p.description), col(products, (p) => p.vendor), col(products, (p) => p.product_type),
      col(products, (p) => p.tags), col(products, (p) => p.price_cents), col(products, (p) => p.cost_cents), col(products, (p) => p.map_price_cents),
      col(products, (p) => p.stock), col(products, (p) => p.weight), col(products, (p) => p.supplier_id),
    ],
  );
  const vs = products.flatMap((p) => p.variants.map((v) => ({ ...v, product_id: p.id })));
  const opt = (k: number, f: 'name' | 'value') => col(vs, (v) => v.options[k]?.[f] ?? null);
  await tx.query(
    `insert into product_variants (id, tenant_id, product_id, position, option1_name, option1_value, option2_name, option2_value, option3_name,
       option3_value, sku, price_cents, cost_cents, map_price_cents, stock, weight)
     select u.id, $1, u.pid, u.pos, u.o1n, u.o1v, u.o2n, u.o2v, u.o3n, u.o3v, u.sku, u.price, u.cost, u.map, u.stock, u.weight
       from unnest($2::uuid[], $3::uuid[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[],
                   $12::int8[], $13::int8[], $14::int8[], $15::int[], $16::numeric[])
         as u(id, pid, pos, o1n, o1v, o2n, o2v, o3n, o3v, sku, price, cost, map, stock, weight)`,
    [
      tenantId, col(vs, (v) => v.id), col(vs, (v) => v.product_id), col(vs, (v) => v.position), opt(0, 'name'), opt(0, 'value'),
      opt(1, 'name'), opt(1, 'value'), opt(2, 'name'), opt(2, 'value'), col(vs, (v) => v.sku), col(vs, (v) => v.price_cents),
      col(vs, (v) => v.cost_cents), col(vs, (v) => v.map_price_cents), col(vs, (v) => v.stock), col(vs, (v) => v.weight),
    ],
  );
  const links = products.flatMap((p) => p.links.map((l) => ({ ...l, product_id: p.id })));
  await tx.query(
    `insert into product_suppliers (tenant_id, product_id, supplier_id, supplier_cost_cents, supplier_stock)
     select $1, u.p, u.s, u.c, u.st from unnest($2::uuid[], $3::uuid[], $4::int8[], $5::int[]) as u(p, s, c, st)`,
    [tenantId, col(links, (l) => l.product_id), col(links, (l) => l.supplier_id), col(links, (l) => l.supplier_cost_cents), col(links, (l) => l.supplier_stock)],
  );
}

export async function seedTenantCommerce(db: Db, plan: CommercePlan, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const has = await tx.query('select 1 from products where tenant_id = $1 limit 1', [plan.tenantId]);
    if (has.rows.length) return false;
    const r = prng(plan.seed);
    const suppliers = makeSuppliers(r, plan.suppliers, now);
    const products = makeProducts(r, plan.products, suppliers, plan.skuPrefix);
    await insertSuppliers(tx, plan.tenantId, suppliers, now);
    await insertProducts(tx, plan.tenantId, products);
    await insertOrders(tx, plan.tenantId, makeOrders(r, plan.orders, products.filter((p) => p.status === 'active'), now, 1));
    return true;
  }, { tenantId: plan.tenantId });
}

export async function seedCommerce(db: Db): Promise<void> {
  for (const plan of PLANS) {
    const seeded = await seedTenantCommerce(db, plan);
    // a fresh Demo Store works its orders by itself (./automation.ts)
    if (seeded && plan.tenantId === DEMO_TENANT.id && demoAutomation()) await seedAutomationOn(db, plan.tenantId);
  }
}
