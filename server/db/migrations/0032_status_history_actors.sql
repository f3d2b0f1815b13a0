-- Who an order's status history names, in words (docs/commerce.md "Order statuses"): a person by
-- their email (as the audit log), the automation as "Automation", an arrival from a marketplace by
-- the account's name. Lines written before named the automation `automation` and every arrival
-- `sandbox:<account name>` (live Shopify orders too).
update order_status_history set actor = 'Automation' where actor = 'automation';
update order_status_history set actor = substr(actor, 9) where actor like 'sandbox:%' and length(actor) > 8;
