-- Row-level security reads the tenant setting once per statement (docs/performance.md "Prepared
-- reads"). Written `tenant_id = nullif(current_setting(...), '')::uuid`, the policy evaluated
-- current_setting, nullif and the cast for every row a scan looked at: a page's lookups in a small
-- table (one account among 157, scanned per page row) spent most of their time there. Wrapped in a
-- scalar subquery the same expression becomes an init plan, evaluated once per statement, and is
-- still usable as an index condition. Every tenant policy of that exact form is rewritten; a new
-- table writes the wrapped form (docs/api-conventions.md "Row-level security").
do $$
declare r record;
begin
  for r in select schemaname, tablename, policyname from pg_policies
            where qual = '(tenant_id = (NULLIF(current_setting(''app.tenant_id''::text, true), ''''::text))::uuid)'
              and with_check is null
  loop
    execute format('alter policy %I on %I.%I using (tenant_id = (select nullif(current_setting(''app.tenant_id'', true), '''')::uuid))',
                   r.policyname, r.schemaname, r.tablename);
  end loop;
end $$;
