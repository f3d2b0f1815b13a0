-- An order some of whose units came back is `partially_returned` (docs/commerce.md "Order
-- statuses", docs/dropshipping.md "Returns"): the status list of 0004_commerce.sql gains it, the
-- other values unchanged.
alter table orders drop constraint orders_status_check;
alter table orders add constraint orders_status_check
  check (status in ('pending', 'routed', 'ordered_from_supplier', 'shipped', 'delivered', 'cancelled', 'partially_returned', 'returned'));
