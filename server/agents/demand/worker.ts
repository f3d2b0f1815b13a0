/**
 * A demand forecasting run (docs/agents.md "Demand forecasting"), in the `demand-forecasting`
 * consumer, never in a request: the daily units sold over the history window read once (one
 * statement), then the tenant's variants in keyset pages of PAGE by id, each page one transaction —
 * its variants with their supplier mappings and open purchase orders read in two statements, forecast
 * in memory (forecast.ts), written in one
 * multi-row upsert, and an `alerts.stockout_risk` for each dropshipped best seller that has just
 * started to run out at its first supplier.
 */
import type { Db, Tx } from '../../db';
import { appendEvents, newEvent, type NewEvent } from '../../events/outbox';
import { STOCKOUT_ALERT_SUBJECT } from '../../../contract/agents-events';
import type { DemandSettingsWire } from '../../../contract/agents';
import { forecastVariant, type Forecast, type SupplierStock } from './forecast';

export const PAGE = 1_000;
const DAY_MS = 86_400_000;

interface VariantRow {
  id: string; product_id: string; sku: string; title: string; stock: number;
  suppliers: { id: string; name: string; stock: number; priority: number; lead: number; pack: number; min: number }[] | string | null;
}

export interface DemandOutputs extends Record<string, number> {
  variants: number; stocked: number; dropship: number; reorder_now: number; units_to_order: number; stockout_risks: number; alerts: number; slow_movers: number;
}

/** Midnight UTC of the day `now` falls in: the window ends there (yesterday is its last day). */
export function windowOf(now: Date, historyDays: number): { start: Date; end: Date; firstDow: number } {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const start = new Date(end.getTime() - historyDays * DAY_MS);
  return { start, end, firstDow: start.getUTCDay() };
}

async function page(tx: Tx, tenantId: string, after: string | null) {
  const { rows } = await tx.query<VariantRow>(
    `select v.id, v.product_id, v.sku,
            p.title || coalesce(' — ' || nullif(concat_ws(' / ', v.option1_value, v.option2_value, v.option3_value), ''), '') as title,
            v.stock,
            (select json_agg(json_build_object('id', s.id, 'name', s.name, 'stock', ps.supplier_stock, 'priority', ps.priority,
                                               'lead', s.lead_time_days, 'pack', ps.pack_size, 'min', ps.min_order_qty) order by ps.priority, s.name)
               from product_suppliers ps join suppliers s on s.id = ps.supplier_id
              where ps.tenant_id = v.tenant_id and ps.product_id = v.product_id and (ps.variant_id = v.id or ps.variant_id is null)) as suppliers
       from product_variants v join products p on p.id = v.product_id
      where v.tenant_id = $1 and ($2::uuid is null or v.id > $2::uuid) and p.status <> 'archived'
      order by v.id limit ${PAGE}`,
    [tenantId, after],
  );
  return rows;
}

/** Units on open (placed or confirmed) purchase orders per variant. */
async function openPos(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, number>> {
  const { rows } = await tx.query<{ variant_id: string; n: number }>(
    `select oi.variant_id, sum(poi.quantity)::int as n
       from purchase_order_items poi
       join purchase_orders po on po.id = poi.purchase_order_id and po.status in ('placed', 'confirmed')
       join order_items oi on oi.id = poi.order_item_id
      where poi.tenant_id = $1 and oi.variant_id = any($2::uuid[])
      group by oi.variant_id`,
    [tenantId, ids],
  );
  return new Map(rows.map((r) => [String(r.variant_id), Number(r.n)]));
}

/**
 * Daily units sold per variant over the window (cancelled orders left out), for every variant of the
 * tenant in one statement: the window's orders joined to their lines once, aggregated in the database
 * to one `[[day, units], …]` per variant. Read per page, the same join ran once per page (the orders
 * of the window lead it), about 2 s each at 10,000 variants and two years on PGlite; once, about 6 s
 * (docs/agents.md "Benchmark"). Held in memory: one number per variant and day.
 */
async function sales(db: Db, tenantId: string, start: Date, end: Date, days: number): Promise<Map<string, number[]>> {
  const { rows } = await db.transaction((tx) => tx.query<{ variant_id: string; s: [number, number][] | string }>(
    `select oi.variant_id, json_agg(json_build_array(floor(extract(epoch from (o.created_at - $2::timestamptz)) / 86400)::int, oi.quantity)) as s
       from orders o join order_items oi on oi.order_id = o.id and oi.tenant_id = $1
      where o.tenant_id = $1 and o.created_at >= $2 and o.created_at < $3 and o.status <> 'cancelled' and oi.variant_id is not null
      group by oi.variant_id`,
    [tenantId, start.toISOString(), end.toISOString()],
  ), { tenantId });
  const out = new Map<string, number[]>();
  for (const r of rows) {
    const y = new Array<number>(days).fill(0);
    for (const [d, n] of typeof r.s === 'string' ? (JSON.parse(r.s) as [number, number][]) : r.s) if (d >= 0 && d < days) y[d] += Number(n);
    out.set(String(r.variant_id), y);
  }
  return out;
}

interface Computed { v: VariantRow; f: Forecast; suppliers: SupplierStock[] }

async function write(tx: Tx, tenantId: string, runId: string | null, items: Computed[]): Promise<string[]> {
  const payload = items.map(({ v, f }) => ({
    variant_id: v.id, product_id: v.product_id, sku: v.sku, title: v.title, mode: f.mode, daily_demand: f.daily_demand,
    trend_per_week: f.trend_per_week, forecast_28d: f.forecast_28d, on_hand: Number(v.stock), days_of_cover: f.days_of_cover,
    reorder_point: f.reorder_point, reorder_quantity: f.reorder_quantity, slow_mover: f.slow_mover, stockout_risk: f.stockout_risk,
    warning: f.warning, explanation: f.explanation, summary: f.summary,
  }));
  // the variants whose stock-out risk turns on now: their alert goes out once, not on every run
  const { rows } = await tx.query<{ variant_id: string }>(
    `with x as (
       select * from jsonb_to_recordset($2::jsonb) as x(variant_id uuid, product_id uuid, sku text, title text, mode text, daily_demand numeric,
         trend_per_week numeric, forecast_28d int, on_hand int, days_of_cover numeric, reorder_point int, reorder_quantity int,
         slow_mover boolean, stockout_risk boolean, warning text, explanation jsonb, summary text)),
     before as (
       select f.variant_id, f.stockout_risk from demand_forecasts f join x on x.variant_id = f.variant_id where f.tenant_id = $1),
     up as (
       insert into demand_forecasts as f (tenant_id, variant_id, product_id, sku, title, mode, daily_demand, trend_per_week, forecast_28d, on_hand,
           days_of_cover, reorder_point, reorder_quantity, slow_mover, stockout_risk, warning, explanation, summary, run_id, computed_at)
       select $1, variant_id, product_id, sku, title, mode, daily_demand, trend_per_week, forecast_28d, on_hand, days_of_cover, reorder_point,
              reorder_quantity, slow_mover, stockout_risk, warning, explanation, summary, $3::uuid, now() from x
       on conflict (tenant_id, variant_id) do update set product_id = excluded.product_id, sku = excluded.sku, title = excluded.title,
         mode = excluded.mode, daily_demand = excluded.daily_demand, trend_per_week = excluded.trend_per_week, forecast_28d = excluded.forecast_28d,
         on_hand = excluded.on_hand, days_of_cover = excluded.days_of_cover, reorder_point = excluded.reorder_point,
         reorder_quantity = excluded.reorder_quantity, slow_mover = excluded.slow_mover, stockout_risk = excluded.stockout_risk,
         warning = excluded.warning, explanation = excluded.explanation, summary = excluded.summary, run_id = excluded.run_id, computed_at = now()
       returning 1)
     select x.variant_id from x left join before b on b.variant_id = x.variant_id
      where x.stockout_risk and coalesce(b.stockout_risk, false) = false and (select count(*) from up) >= 0`,
    [tenantId, JSON.stringify(payload), runId],
  );
  return rows.map((r) => String(r.variant_id));
}

function alertOf(c: Computed): NewEvent {
  const first = c.f.explanation.suppliers[0];
  const backup = c.suppliers.find((s) => s.name === c.f.explanation.backup_supplier) ?? null;
  return newEvent(STOCKOUT_ALERT_SUBJECT, {
    id: `stockout:${c.v.id}`,
    type: 'stockout_risk',
    severity: (first?.days ?? 0) < 3 ? 'high' : 'warning',
    level: 'warning',
    source: 'demand-forecasting',
    message: `${c.v.sku}: ${c.f.warning}`,
    created_at: new Date().toISOString(),
    variant_id: c.v.id,
    sku: c.v.sku,
    supplier_id: first?.id ?? '',
    days_of_cover: first?.days ?? 0,
    backup_supplier_id: backup?.id ?? null,
  });
}

/** Forecasts every variant of the tenant; returns the run's figures. */
export async function runDemand(db: Db, tenantId: string, s: DemandSettingsWire, runId: string | null, now = new Date()): Promise<{ outputs: DemandOutputs; inputs: Record<string, unknown> }> {
  const { start, end, firstDow } = windowOf(now, s.history_days);
  const out: DemandOutputs = { variants: 0, stocked: 0, dropship: 0, reorder_now: 0, units_to_order: 0, stockout_risks: 0, alerts: 0, slow_movers: 0 };
  const sold = await sales(db, tenantId, start, end, s.history_days);
  let after: string | null = null;
  for (;;) {
    const last: string | null = await db.transaction(async (tx) => {
      const rows = await page(tx, tenantId, after);
      if (rows.length === 0) return null;
      const ids = rows.map((r) => String(r.id));
      const pos = await openPos(tx, tenantId, ids);
      const empty = new Array<number>(s.history_days).fill(0);
      const computed: Computed[] = rows.map((v) => {
        const raw = (typeof v.suppliers === 'string' ? JSON.parse(v.suppliers) : v.suppliers) as Exclude<VariantRow['suppliers'], string> ?? [];
        const suppliers: SupplierStock[] = raw.map((x) => ({ id: String(x.id), name: x.name, stock: Number(x.stock), priority: Number(x.priority) }));
        const first = raw[0];
        const mode = Number(v.stock) > 0 || raw.length === 0 ? 'stocked' : 'dropship';
        const f = forecastVariant({
          sales: sold.get(String(v.id)) ?? empty, firstDow, mode, onHand: Number(v.stock), openPo: pos.get(String(v.id)) ?? 0,
          leadTimeDays: first ? Number(first.lead) : 7, packSize: first ? Number(first.pack) : 1, minOrderQty: first ? Number(first.min) : 1, suppliers,
        }, s);
        return { v, f, suppliers };
      });
      const turned = new Set(await write(tx, tenantId, runId, computed));
      const alerts = computed.filter((c) => turned.has(String(c.v.id))).map(alertOf);
      await appendEvents(tx, tenantId, alerts);
      for (const c of computed) {
        out.variants += 1;
        out[c.f.mode] += 1;
        if (c.f.slow_mover) out.slow_movers += 1;
        if ((c.f.reorder_quantity ?? 0) > 0) {
          out.reorder_now += 1;
          out.units_to_order += c.f.reorder_quantity ?? 0;
        }
        if (c.f.stockout_risk) out.stockout_risks += 1;
      }
      out.alerts += alerts.length;
      return ids[ids.length - 1];
    }, { tenantId });
    if (last === null) break;
    after = last;
  }
  return { outputs: out, inputs: { history_from: start.toISOString().slice(0, 10), history_to: new Date(end.getTime() - DAY_MS).toISOString().slice(0, 10), settings: s } };
}
