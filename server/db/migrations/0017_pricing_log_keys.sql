-- The repricer writes a decision, a proposal and its memory row for every listing it decides: at
-- 100,000 listings a sweep checked 900,000 foreign keys, most of the insert time (docs/decisions.md
-- "Repricing tables keep only the keys that act"). These three keep the keys that act on deletes —
-- the listing's (its rows go with it) and the rule's (set null) — and drop two that only repeat a
-- guarantee held elsewhere: tenant_id (row-level security admits a row only with the session's
-- tenant, and the listing key ties it to a listing of that tenant) and a proposal's decision_id
-- (written from the decision inserted in the same statement pair; both go with the listing).
alter table price_decisions drop constraint price_decisions_tenant_id_fkey;
alter table price_proposals drop constraint price_proposals_tenant_id_fkey;
alter table price_proposals drop constraint price_proposals_decision_id_fkey;
alter table pricing_listing_state drop constraint pricing_listing_state_tenant_id_fkey;
