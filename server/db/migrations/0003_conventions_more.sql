-- API conventions, second part (docs/api-conventions.md): the per-minute API rate-limit counters and an index for
-- the audit log's actor filter. docs/product/architecture.md §1: counters live in the database so every replica shares
-- one budget per user.

-- Fixed-window counters, one row per bucket ("u:<user id>", "u:<user id>:w", "ip:<address>") and
-- minute. Not tenant data (anonymous callers have no tenant), so no tenant policy; rows older than
-- the current window are swept by the server.
create table api_rate_limits (
  bucket text not null,
  window_start timestamptz not null,
  hits int not null,
  primary key (bucket, window_start)
);
create index api_rate_limits_window on api_rate_limits(window_start);

-- GET /api/audit?actor=<user id>: newest first within the tenant
create index audit_log_tenant_actor on audit_log(tenant_id, actor_id, created_at desc, id desc);
