-- Bulk proposal jobs (docs/repricing.md "Proposals"): a bulk approve or reject of more proposals than
-- one request decides at once is answered 202 with a job, and the `pricing-bulk` consumer works through
-- it in slices. Each slice's transaction also moves `done` on and appends the slice's failures, so a
-- redelivered job resumes at the first undecided id and reports each proposal once.
create table pricing_bulk_jobs (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  action text not null check (action in ('approve', 'reject')),
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  -- the distinct proposal ids, in the order given; `done` of them are decided
  ids uuid[] not null,
  total integer not null check (total >= 0),
  done integer not null default 0 check (done >= 0 and done <= total),
  succeeded integer not null default 0,
  -- [{id, error: {code, message}}]: first the `named_twice` second mentions of an id in the request,
  -- then the proposals the slices did not decide
  failures jsonb not null default '[]',
  named_twice integer not null default 0,
  error jsonb,
  created_by uuid,
  created_by_email text,
  correlation_id text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index pricing_bulk_jobs_tenant_created on pricing_bulk_jobs(tenant_id, created_at desc, id);
alter table pricing_bulk_jobs enable row level security;
alter table pricing_bulk_jobs force row level security;
create policy tenant_isolation on pricing_bulk_jobs
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));
