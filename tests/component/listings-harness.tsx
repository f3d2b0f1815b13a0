/**
 * Fixtures of the marketplace, listings and pricing component tests: marketplace accounts and
 * listings as the API answers them. The fake API and the render helper are in ./support
 * (fake-api.ts, render-console.tsx).
 */
export const iso = (minutesAgo = 0) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

export function account(id: string, name: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    kind: 'amazon',
    name,
    mode: 'sandbox',
    status: 'connected',
    last_sync_at: iso(5),
    error_message: null,
    has_credentials: false,
    sandbox_order_rate: 0.02,
    sandbox_tick: 3,
    fee_schedule: { rate_bp: 1500, rate: 0.15, fixed_cents: 0, payout_every_days: 14 },
    listings_count: 12,
    active_listings_count: 10,
    created_at: iso(60),
    updated_at: iso(5),
    ...extra,
  };
}

export function listing(id: string, title: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    marketplace_id: 'm1',
    marketplace_name: 'Amazon US',
    marketplace_kind: 'amazon',
    product_id: 'p1',
    variant_id: 'v1',
    sku: `SKU-${id}`,
    product_title: title,
    title,
    price_cents: 1999,
    map_price_cents: 2499,
    cost_cents: 900,
    quantity_rule: { mode: 'stock_minus_buffer', buffer: 2 },
    quantity: 8,
    status: 'active',
    sync_state: 'synced',
    feed_message: null,
    external_id: `AMZ-${id}`,
    last_pushed_at: iso(3),
    buy_box_owner: 'you',
    buy_box_price_cents: 1999,
    competitors_count: 2,
    lowest_competitor_cents: 2099,
    open_violations: 1,
    image_url: null,
    created_at: iso(60),
    updated_at: iso(3),
    ...extra,
  };
}
