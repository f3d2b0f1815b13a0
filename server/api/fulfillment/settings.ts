/** The tenant's dropshipping settings (docs/dropshipping.md "Settings"): defaults until the tenant saves some. */
import type { Tx } from '../../db';
import type { HoldSettings } from '../../domain/dropship/holds';
import type { FulfillmentSettings, Resolution } from '../../../contract/fulfillment';

export interface TenantSettings extends FulfillmentSettings {
  automation_enabled: boolean;
  sandbox_tick: number;
  sandbox_carrier_outage: boolean;
}

export async function loadSettings(tx: Tx, tenantId: string): Promise<TenantSettings> {
  const { rows } = await tx.query<Record<string, unknown>>('select * from fulfillment_settings where tenant_id = $1', [tenantId]);
  const r = rows[0];
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    automation_enabled: r ? Boolean(r.automation_enabled) : false,
    hold_min_supplier_stock: n(r?.hold_min_supplier_stock),
    hold_max_handling_days: n(r?.hold_max_handling_days),
    hold_min_margin_percent: n(r?.hold_min_margin_percent),
    return_default_resolution: ((r?.return_default_resolution as Resolution) ?? 'refund'),
    return_country: (r?.return_country as string) ?? 'US',
    sandbox_tick: Number(r?.sandbox_tick ?? 0),
    sandbox_carrier_outage: Boolean(r?.sandbox_carrier_outage ?? false),
  };
}

/** Makes sure the tenant has its row (so it can be locked and updated). */
export async function ensureSettings(tx: Tx, tenantId: string): Promise<void> {
  await tx.query('insert into fulfillment_settings (tenant_id) values ($1) on conflict (tenant_id) do nothing', [tenantId]);
}

export const holdSettingsOf = (s: TenantSettings): HoldSettings => ({
  minSupplierStock: s.hold_min_supplier_stock,
  maxHandlingDays: s.hold_max_handling_days,
  minMarginPercent: s.hold_min_margin_percent,
});
