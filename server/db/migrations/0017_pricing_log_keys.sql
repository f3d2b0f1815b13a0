-- The repricer writes a decision, a proposal and its memory row for every listing it decides: at
-- 100,000 listings a sweep checked 900,000 foreign keys, each locking the row it points at, for
-- most of the insert time (docs/decisions.md "Repricing tables keep no per-row keys"). The three
-- tables keep what their keys did on deletes through one statement-level trigger per parent table:
-- a deleted listing takes its decisions, proposals and memory with it; a deleted rule leaves its
-- decisions and proposals without a rule. tenant_id needs no key: row-level security admits a row
-- only with the session's tenant.
alter table price_decisions drop constraint price_decisions_tenant_id_fkey;
alter table price_decisions drop constraint price_decisions_listing_id_fkey;
alter table price_decisions drop constraint price_decisions_rule_id_fkey;
alter table price_proposals drop constraint price_proposals_tenant_id_fkey;
alter table price_proposals drop constraint price_proposals_listing_id_fkey;
alter table price_proposals drop constraint price_proposals_decision_id_fkey;
alter table price_proposals drop constraint price_proposals_rule_id_fkey;
alter table pricing_listing_state drop constraint pricing_listing_state_tenant_id_fkey;
alter table pricing_listing_state drop constraint pricing_listing_state_listing_id_fkey;

create function pricing_forget_listings() returns trigger language plpgsql as $$
begin
  delete from price_proposals p using gone g where p.tenant_id = g.tenant_id and p.listing_id = g.id;
  delete from price_decisions d using gone g where d.tenant_id = g.tenant_id and d.listing_id = g.id;
  delete from pricing_listing_state s using gone g where s.listing_id = g.id;
  return null;
end $$;
create trigger listings_forget_pricing after delete on listings
  referencing old table as gone for each statement execute function pricing_forget_listings();

create function pricing_forget_rules() returns trigger language plpgsql as $$
begin
  update price_proposals p set rule_id = null from gone g where p.tenant_id = g.tenant_id and p.rule_id = g.id;
  update price_decisions d set rule_id = null from gone g where d.tenant_id = g.tenant_id and d.rule_id = g.id;
  return null;
end $$;
create trigger pricing_rules_forget after delete on pricing_rules
  referencing old table as gone for each statement execute function pricing_forget_rules();

-- The repricer's memory also holds a listing's pending proposal, so a new proposal supersedes the
-- old one by its id; finding it by listing and status read every pending proposal of the tenant
-- whenever the planner's statistics lagged behind a fast-growing table (a first sweep).
alter table pricing_listing_state add column pending_proposal_id uuid;
update pricing_listing_state s set pending_proposal_id = p.id from price_proposals p where p.listing_id = s.listing_id and p.status = 'pending';
