/**
 * Suppliers API — docs/commerce.md and docs/product/api-calls.md: list (tier, country, search; sort score, name, tier),
 * create, read, update, delete (write:suppliers — a seller may, an agent may not), score-all,
 * monthly performance series, CSV export of the filtered view.
 */
import { defineModule, type ApiModule } from '../module';
import { one } from '../kit';
import { notFound } from '../errors';
import { num } from '../../domain/numbers';
import { pageBody } from '../list-kit/paging';
import { streamCsv, EXPORT_PAGE } from '../imports/csv-export';
import { performanceQuery, supplierCreate, supplierListQuery, supplierParams, supplierUpdate, suppliersLive } from '../../../contract/suppliers';
import { getSupplier, listSuppliers, mapSupplier } from './queries';
import { scoreAll } from './score';
import { listAnswer, oneAnswer } from '../../../contract/api';
import { performance as supplierPerformance, supplier, type PerformanceMonth } from '../../../contract/suppliers';

export const SUPPLIER_EXPORT_COLUMNS = [
  'Name', 'Tier', 'Score', 'Contact Name', 'Email', 'Phone', 'Country', 'Lead Time Days', 'On-Time Rate', 'Defect Rate',
  'Cancellation Rate', 'Created At',
] as const;

const EDITABLE = ['name', 'tier', 'contact_name', 'email', 'phone', 'country', 'lead_time_days', 'on_time_rate', 'defect_rate', 'cancellation_rate'] as const;

const suppliers: ApiModule = (api) => {
  api.route({
    method: 'GET',
    url: '/suppliers',
    access: 'read:suppliers',
    answer: listAnswer(supplier),
    query: supplierListQuery,
    async handler({ tx, auth, query }) {
      const page = await listSuppliers(tx, auth.tenantId, query);
      return pageBody(page, page.rows.map(mapSupplier), query.limit, query.offset);
    },
  });

  api.route({
    method: 'GET',
    url: '/suppliers/export.csv',
    access: 'read:suppliers',
    query: supplierListQuery,
    noTransaction: true,
    async handler({ auth, query, req, reply }) {
      await streamCsv(api.services.db, auth, req, reply, {
        filename: 'suppliers.csv',
        fields: SUPPLIER_EXPORT_COLUMNS,
        async page(tx, cursor) {
          const page = await listSuppliers(tx, auth.tenantId, { ...query, limit: EXPORT_PAGE, offset: 0, cursor: cursor ?? undefined }, true);
          const rows = page.rows.map((r) => {
            const s = mapSupplier(r);
            return [
              s.name, s.tier, s.score ?? '', s.contact_name ?? '', s.email ?? '', s.phone ?? '', s.country ?? '', s.lead_time_days,
              s.on_time_rate, s.defect_rate, s.cancellation_rate, new Date(s.created_at as string).toISOString(),
            ];
          });
          return { rows, next: page.nextCursor };
        },
      });
    },
  });

  api.route({
    method: 'POST',
    url: '/suppliers/score-all',
    access: 'write:suppliers',
    handler: async (ctx) => {
      return one(await scoreAll(ctx));
    },
  });

  api.route({
    method: 'GET',
    url: '/suppliers/:id',
    access: 'read:suppliers',
    answer: oneAnswer(supplier),
    params: supplierParams,
    async handler({ tx, auth, params }) {
      const s = await getSupplier(tx, auth.tenantId, params.id);
      if (!s) throw notFound('Supplier');
      return one(s);
    },
  });

  api.route({
    method: 'GET',
    url: '/suppliers/:id/performance',
    access: 'read:suppliers',
    answer: oneAnswer(supplierPerformance),
    params: supplierParams,
    query: performanceQuery,
    async handler({ tx, auth, params, query }) {
      const s = await getSupplier(tx, auth.tenantId, params.id);
      if (!s) throw notFound('Supplier');
      const { rows } = await tx.query<Record<keyof PerformanceMonth, string | number>>(
        `select to_char(month, 'YYYY-MM-DD') as month, orders, on_time_rate, defect_rate, cancellation_rate, lead_time_days
           from supplier_performance
          where tenant_id = $1 and supplier_id = $2 and month > (date_trunc('month', now())::date - make_interval(months => $3))
          order by month`,
        [auth.tenantId, params.id, query.months],
      );
      return one({
        supplier: { id: s.id, name: s.name, tier: s.tier, score: s.score },
        months: query.months,
        series: rows.map((r) => ({
          month: String(r.month),
          orders: num(r.orders),
          on_time_rate: num(r.on_time_rate),
          defect_rate: num(r.defect_rate),
          cancellation_rate: num(r.cancellation_rate),
          lead_time_days: num(r.lead_time_days),
        })),
      });
    },
  });

  api.route({
    method: 'POST',
    url: '/suppliers',
    access: 'write:suppliers',
    body: supplierCreate,
    async handler(ctx) {
      const b = ctx.body;
      const { rows } = await ctx.tx.query<{ id: string }>(
        `insert into suppliers (tenant_id, name, tier, contact_name, email, phone, country, lead_time_days, on_time_rate, defect_rate, cancellation_rate)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
        [ctx.auth.tenantId, b.name, b.tier, b.contact_name ?? null, b.email ?? null, b.phone ?? null, b.country ?? null, b.lead_time_days,
          b.on_time_rate, b.defect_rate, b.cancellation_rate],
      );
      const created = await getSupplier(ctx.tx, ctx.auth.tenantId, rows[0].id);
      await ctx.audit({ action: 'supplier.create', resource: 'supplier', resourceId: rows[0].id, after: created });
      await ctx.emit('suppliers.created', { id: rows[0].id, name: b.name, tier: b.tier });
      ctx.status(201);
      return one(created);
    },
  });

  api.route({
    method: 'PUT',
    url: '/suppliers/:id',
    lock: { table: 'suppliers', what: 'Supplier' },
    access: 'write:suppliers',
    params: supplierParams,
    body: supplierUpdate,
    async handler(ctx) {
      const t = ctx.auth.tenantId;
      const before = await getSupplier(ctx.tx, t, ctx.params.id);
      if (!before) throw notFound('Supplier');
      const sets: string[] = [];
      const params: unknown[] = [t, ctx.params.id];
      for (const k of EDITABLE) {
        if (ctx.body[k] === undefined) continue;
        params.push(ctx.body[k]);
        sets.push(`${k} = $${params.length}`);
      }
      await ctx.tx.query(`update suppliers set ${[...sets, 'updated_at = now()'].join(', ')} where tenant_id = $1 and id = $2`, params);
      const after = await getSupplier(ctx.tx, t, ctx.params.id);
      await ctx.audit({ action: 'supplier.update', resource: 'supplier', resourceId: ctx.params.id, before, after });
      await ctx.emit('suppliers.updated', { id: ctx.params.id, fields: Object.keys(ctx.body) });
      return one(after);
    },
  });

  api.route({
    method: 'DELETE',
    url: '/suppliers/:id',
    lock: { table: 'suppliers', what: 'Supplier' },
    access: 'write:suppliers',
    params: supplierParams,
    async handler(ctx) {
      const before = await getSupplier(ctx.tx, ctx.auth.tenantId, ctx.params.id);
      if (!before) throw notFound('Supplier');
      await ctx.tx.query('delete from suppliers where tenant_id = $1 and id = $2', [ctx.auth.tenantId, ctx.params.id]);
      await ctx.audit({ action: 'supplier.delete', resource: 'supplier', resourceId: ctx.params.id, before });
      await ctx.emit('suppliers.deleted', { id: ctx.params.id, name: String(before.name) });
      // what the confirmation announced: products left without a main supplier, supplier links removed
      return one({ id: ctx.params.id, deleted: true, products_unlinked: before.products_count, linked_products: before.linked_products_count });
    },
  });
};
export default defineModule({ name: 'suppliers', routes: suppliers, live: suppliersLive });
