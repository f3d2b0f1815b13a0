/**
 * Versioned SQL migrations (server/db/migrations/NNNN_name.sql), applied at start on PGlite and
 * PostgreSQL, recorded in schema_migrations, never re-applied. Runs as the owning (admin) connection.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ROLE } from './roles';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface AdminConn {
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

export function listMigrations(dir = MIGRATIONS_DIR): { version: string; sql: string }[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), sql: readFileSync(join(dir, f), 'utf8') }));
}

export async function migrate(conn: AdminConn, dir = MIGRATIONS_DIR): Promise<string[]> {
  await conn.exec(`
    create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now());
    do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then
        create role ${APP_ROLE} login nosuperuser nobypassrls nocreaterole nocreatedb;
      end if;
    end $$;`);
  // lets a non-superuser owner `set role` to the app role (PostgreSQL < 16 does not grant it to the creator)
  await conn.exec(`do $$ begin execute 'grant ${APP_ROLE} to ' || quote_ident(current_user); exception when others then null; end $$;`);
  const applied = new Set((await conn.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version));
  const done: string[] = [];
  for (const m of listMigrations(dir)) {
    if (applied.has(m.version)) continue;
    await conn.exec(`begin;\n${m.sql}\n;insert into schema_migrations(version) values ('${m.version}');\ncommit;`);
    done.push(m.version);
  }
  await conn.exec(`
    grant usage on schema public to ${APP_ROLE};
    create schema if not exists auth;
    grant usage on schema auth to ${APP_ROLE};
    grant select, insert, update, delete on all tables in schema public to ${APP_ROLE};
    grant select, insert, update, delete on all tables in schema auth to ${APP_ROLE};
    grant usage, select on all sequences in schema public to ${APP_ROLE};
    grant usage, select on all sequences in schema auth to ${APP_ROLE};
    revoke all on schema_migrations from ${APP_ROLE};`);
  // PostgreSQL 17+ (and PGlite): the app role may vacuum and analyze, the embedded engine's own
  // upkeep (server/db/maintenance.ts); older servers have no such privilege and autovacuum anyway
  await conn.exec(`do $$ begin execute 'grant maintain on all tables in schema public to ${APP_ROLE}'; exception when others then null; end $$;`);
  await markSearchLeakproof(conn);
  return done;
}

/**
 * Row-level security lets the planner use an index for a condition only when the condition's
 * function is LEAKPROOF (it cannot reveal another tenant's rows through an error). `tsvector @@
 * tsquery` (ts_match_vq) is not marked so, and every search then walked the whole tenant: one order
 * found by its id took ~425 ms at 100,000 orders instead of ~2 ms through the GIN index. The function
 * raises no error that depends on the rows it reads, so it is marked leakproof, at every start (a
 * later superuser start fixes an earlier one). It needs a superuser (PGlite's owner, a self-hosted
 * PostgreSQL); without one, searches stay correct but slow, and the log says so.
 */
async function markSearchLeakproof(conn: AdminConn): Promise<void> {
  const [fn] = await conn.query<{ proleakproof: boolean }>(
    "select proleakproof from pg_proc where oid = 'ts_match_vq(tsvector, tsquery)'::regprocedure",
  );
  if (fn?.proleakproof) return;
  try {
    await conn.exec('alter function ts_match_vq(tsvector, tsquery) leakproof');
  } catch (e) {
    console.warn(
      `Searches cannot use the search indexes under row-level security: marking ts_match_vq LEAKPROOF needs a superuser (${(e as Error).message}).`,
    );
  }
}
