/**
 * The embedded engine's request table (docs/orchestrator.md "The embedded engine"): plain requests →
 * the tool and its arguments an administrator gets with the danger switch on, `now` being Wednesday
 * 2026-11-25 15:00 UTC. Read by tests/unit/orchestrator-engine.test.ts and bench/orchestrator.ts.
 */
export const ENGINE_NOW = new Date('2026-11-25T15:00:00.000Z');

/** text → tool and input (admin, danger on). */
export const ENGINE_TABLE: [text: string, tool: string, input: Record<string, unknown>][] = [
  // orders
  ['show pending orders from eBay over $100', 'find_orders', { status: 'pending', marketplace: 'ebay', min_total_cents: 10000 }],
  ['Show me orders from Amazon today', 'find_orders', { marketplace: 'amazon', from: '2026-11-25', to: '2026-11-25' }],
  ['list shipped orders from yesterday', 'find_orders', { status: 'shipped', from: '2026-11-24', to: '2026-11-24' }],
  ['orders under $20 on Walmart in the last 7 days', 'find_orders', { marketplace: 'walmart', max_total_cents: 2000, from: '2026-11-19', to: '2026-11-25' }],
  ['cancelled orders this week', 'find_orders', { status: 'cancelled', from: '2026-11-23', to: '2026-11-25' }],
  ['find Shopify orders between $50 and $75.50', 'find_orders', { marketplace: 'shopify', min_total_cents: 5000, max_total_cents: 7550 }],
  ['How many orders did we get last month?', 'find_orders', { from: '2026-10-01', to: '2026-10-31' }],
  ['delivered orders over 1k', 'find_orders', { status: 'delivered', min_total_cents: 100000 }],
  ['show returned orders', 'find_orders', { status: 'returned' }],
  ['orders from e-bay in the past 30 days', 'find_orders', { marketplace: 'ebay', from: '2026-10-27', to: '2026-11-25' }],
  ['show me sales since 2026-11-01', 'find_orders', { from: '2026-11-01', to: '2026-11-25' }],
  // products
  ['show low stock products', 'find_products', { stock_level: 'low_stock' }],
  ['which products are out of stock?', 'find_products', { stock_level: 'out_of_stock' }],
  ['products under $15', 'find_products', { max_price_cents: 1500 }],
  ['find products named coffee mug', 'find_products', { search: 'coffee mug' }],
  ['show draft products', 'find_products', { status: 'draft' }],
  ['inventory running low', 'find_products', { stock_level: 'low_stock' }],
  // listings
  ['show listings with a MAP violation on Walmart', 'find_listings', { marketplace: 'walmart', violations: true }],
  ['paused listings on Amazon', 'find_listings', { marketplace: 'amazon', status: 'paused' }],
  ['list my eBay listings', 'find_listings', { marketplace: 'ebay' }],
  ['listings with errors', 'find_listings', { status: 'error' }],
  ['show MAP violations', 'find_listings', { violations: true }],
  // suppliers and purchase orders
  ['show tier-1 suppliers', 'find_suppliers', { tier: 1 }],
  ['list suppliers in CN', 'find_suppliers', { country: 'CN' }],
  ['show tier two vendors', 'find_suppliers', { tier: 2 }],
  ['show rejected purchase orders', 'find_purchase_orders', { status: 'rejected' }],
  ['purchase orders for ORD-100123', 'find_purchase_orders', { order_id: 'ORD-100123' }],
  ['open POs', 'find_purchase_orders', { status: 'placed' }],
  // returns
  ['show returns waiting for approval', 'find_returns', {}],
  ['show requested returns', 'find_returns', { status: 'requested' }],
  ['refunded RMAs', 'find_returns', { status: 'refunded' }],
  ['returns for order ORD-100200', 'find_returns', { order_id: 'ORD-100200' }],
  // alerts and failed messages
  ['show open critical alerts', 'find_alerts', { severity: 'critical', status: 'open' }],
  ['any alerts?', 'find_alerts', {}],
  ['resolved warnings', 'find_alerts', { severity: 'warning', status: 'resolved' }],
  ['show failed messages', 'find_failed_messages', {}],
  ['what is in the dead letter queue?', 'find_failed_messages', {}],
  ['list failed label purchases from today', 'find_failed_messages', { consumer: 'dropship-labels', since: '2026-11-25' }],
  // explanations
  ["why did SKU-123's price drop?", 'explain_price_change', { sku: 'SKU-123' }],
  ['explain the price change of APP-0001-BLK-M on Amazon', 'explain_price_change', { sku: 'APP-0001-BLK-M', marketplace: 'amazon' }],
  ['why is sku HOM-0003-WHT cheaper now', 'explain_price_change', { sku: 'HOM-0003-WHT' }],
  ['what happened to order ORD-100123?', 'explain_order', { order_id: 'ORD-100123' }],
  ['why is ORD-100124 stuck', 'explain_order', { order_id: 'ORD-100124' }],
  ['timeline of order #100125', 'explain_order', { order_id: 'ORD-100125' }],
  ["what is supplier Acme Supply's score?", 'supplier_score', { supplier: 'Acme Supply' }],
  ['how reliable is Blue River Goods?', 'supplier_score', { supplier: 'Blue River Goods' }],
  ['show the performance of supplier Northwind Traders', 'supplier_score', { supplier: 'Northwind Traders' }],
  // today and capital
  ['what needs my attention?', 'summarise_today', {}],
  ['give me a summary of today', 'summarise_today', {}],
  ["how's business today?", 'summarise_today', {}],
  ['am I eligible for capital?', 'check_capital_eligibility', {}],
  ['can I get a cash advance', 'check_capital_eligibility', {}],
  // writes
  ['pause listings with a MAP violation on Walmart', 'pause_listings', { marketplace: 'walmart', violations: true }],
  ['pause SKU-123 on eBay', 'pause_listings', { marketplace: 'ebay', sku: 'SKU-123' }],
  ['activate paused listings on Amazon', 'activate_listings', { marketplace: 'amazon' }],
  ['resume listing APP-0002-WHT-L', 'activate_listings', { sku: 'APP-0002-WHT-L' }],
  ['approve the pending price proposals', 'approve_price_proposals', {}],
  ['approve all price proposals on eBay', 'approve_price_proposals', { marketplace: 'ebay' }],
  ['approve the price proposal for SKU-123', 'approve_price_proposal', { sku: 'SKU-123' }],
  ['reject the pricing proposals on Walmart', 'reject_price_proposals', { marketplace: 'walmart' }],
  ['decline the price proposal of SKU-9', 'reject_price_proposal', { sku: 'SKU-9' }],
  ['hold order ORD-100123', 'hold_order', { order_id: 'ORD-100123' }],
  ['put ORD-100126 on hold because the address looks wrong', 'hold_order', { order_id: 'ORD-100126', reason: 'the address looks wrong' }],
  ['route order ORD-100127', 'route_order', { order_id: 'ORD-100127' }],
  ['send order 100128 to the supplier', 'route_order', { order_id: 'ORD-100128' }],
  ['replay failed label purchases from today', 'replay_failed_messages', { consumer: 'dropship-labels', since: '2026-11-25' }],
  ['retry the failed routing messages', 'replay_failed_messages', { consumer: 'dropship-router' }],
  ['replay everything in the DLQ', 'replay_failed_messages', {}],
  ['discard failed tracking messages from yesterday', 'discard_failed_messages', { consumer: 'dropship-tracking', since: '2026-11-24' }],
  ['rescore all suppliers', 'score_suppliers', {}],
  ['score suppliers', 'score_suppliers', {}],
];

