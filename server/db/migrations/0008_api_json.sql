-- JSON answers built by the database (docs/performance.md "List pages as JSON from SQL").
-- A list page comes back as one JSON text instead of 50 rows × 15 columns that the driver would
-- parse (and Dates that the server would serialize again). Timestamps in those answers must read
-- exactly as the server's own JSON writes them (JavaScript's Date#toISOString: UTC, milliseconds
-- truncated, "Z"), so a row looks the same in a list and in its detail view. `to_char` truncates
-- the microseconds like `new Date()` does. A plain SQL function: the planner inlines it.
create or replace function api_ts(t timestamptz) returns text language sql stable parallel safe as $$
  select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
