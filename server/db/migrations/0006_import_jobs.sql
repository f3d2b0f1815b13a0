-- Import jobs (docs/commerce.md "Import jobs").
-- A job row tracks one uploaded file through validating → writing → done | failed. The file itself is
-- held by the worker in memory (a job is never resumed after a restart, so a stored copy would serve
-- nothing); the row is what a client polls and what a restart repairs.
create table import_jobs (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  kind text not null check (kind in ('shopify-products', 'amazon-orders', 'ebay-orders')),
  dry_run boolean not null default false,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  phase text not null default 'queued' check (phase in ('queued', 'validating', 'writing', 'done', 'failed')),
  file_name text,
  file_bytes integer not null check (file_bytes >= 0),
  rows_total integer,
  rows_done integer not null default 0,
  -- of the current phase, 0–100 (validating: share of the file read; writing: rows written / rows)
  percent smallint not null default 0 check (percent between 0 and 100),
  -- {created, updated, rows, dry_run} when done (the synchronous answer's shape)
  result jsonb,
  -- {code, message, details} when failed: import_invalid carries {errors:[{row,column,reason}], rows_total}
  error jsonb,
  created_by uuid,
  created_by_email text,
  correlation_id text,
  -- the process running the job and its last sign of life: recovery fails jobs nobody runs any more
  worker_id text,
  heartbeat_at timestamptz,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index import_jobs_tenant_created on import_jobs(tenant_id, created_at desc, id);
create index import_jobs_unfinished on import_jobs(status) where status in ('queued', 'running');
alter table import_jobs enable row level security;
alter table import_jobs force row level security;
create policy tenant_isolation on import_jobs
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
-- startup recovery looks at every tenant's unfinished jobs: it opts in with app.runtime = 'imports'
-- (like the event runtime's 'events'); request transactions never set it
create policy import_recovery on import_jobs
  using (current_setting('app.runtime', true) = 'imports');
