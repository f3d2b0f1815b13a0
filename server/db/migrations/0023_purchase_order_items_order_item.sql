-- The router asks, for each order item it routes, whether a live purchase order already holds it
-- (server/api/fulfillment/route-order.ts), and deleting an order item cascades here: both look rows
-- up by order_item_id, which only the (purchase_order_id, order_item_id) key covered, so each
-- round of routing read every purchase order item (docs/performance.md "Dropshipping").
create index purchase_order_items_order_item on purchase_order_items(order_item_id);
