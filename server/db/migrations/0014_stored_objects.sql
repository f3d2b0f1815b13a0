-- Uploaded files (docs/marketplaces.md "Product images"): the database object store keeps the bytes
-- here (the default; S3-compatible storage by configuration keeps them in a bucket instead).
-- product_images learns which images are uploads: storage_key is where the bytes are.
create table stored_objects (
  tenant_id uuid not null references tenants(id),
  key text not null,
  content_type text not null,
  size_bytes integer not null check (size_bytes >= 0),
  bytes bytea not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, key)
);
alter table stored_objects enable row level security;
alter table stored_objects force row level security;
create policy tenant_isolation on stored_objects
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

alter table product_images
  add column storage_key text,
  add column content_type text,
  add column size_bytes integer;
