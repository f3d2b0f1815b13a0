/**
 * docs/api-conventions.md "Row-level security": row-level security holds on its own, without the tenant scoping
 * the code adds. Queries here go straight to the database as the server's role (no route, no
 * `where tenant_id = …`), with only the per-transaction app.tenant_id setting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startServer, type Harness } from './harness';
import { DEMO_TENANT, NORTHWIND_TENANT } from './tokens';
import { assertRlsEnforced, type Db } from '../../server/db';
import { pgliteDb } from '../../server/db/pglite';
import { APP_ROLE } from '../../server/db/roles';

const A = DEMO_TENANT.id;
const B = NORTHWIND_TENANT.id;

let h: Harness;
beforeAll(async () => {
  h = await startServer();
  await h.db.transaction((tx) => tx.query(`insert into feature_flags (tenant_id, name, enabled) values ($1, 'rls_probe_a', true)`, [A]), { tenantId: A });
  await h.db.transaction((tx) => tx.query(`insert into feature_flags (tenant_id, name, enabled) values ($1, 'rls_probe_b', true)`, [B]), { tenantId: B });
});
afterAll(async () => h?.close());

const flagsSeenBy = (tenantId: string) =>
  h.db.transaction((tx) => tx.query<{ tenant_id: string; name: string }>('select * from feature_flags'), { tenantId });

describe('row-level security without the code scope', () => {
  it('lets a transaction see only the rows of its app.tenant_id, and none without one', async () => {
    const a = await flagsSeenBy(A);
    expect(a.rows.map((r) => r.name)).toContain('rls_probe_a');
    expect(new Set(a.rows.map((r) => r.tenant_id))).toEqual(new Set([A]));
    const b = await flagsSeenBy(B);
    expect(b.rows.map((r) => r.name)).toEqual(['rls_probe_b']);
    const none = await h.db.query('select * from feature_flags');
    expect(none.rows).toEqual([]);
  });

  it("changes 0 rows when tenant B updates or deletes tenant A's row", async () => {
    const upd = await h.db.transaction(
      (tx) => tx.query(`update feature_flags set enabled = false where tenant_id = $1 and name = 'rls_probe_a'`, [A]),
      { tenantId: B },
    );
    expect(upd.rowCount).toBe(0);
    const del = await h.db.transaction((tx) => tx.query(`delete from feature_flags where name = 'rls_probe_a'`), { tenantId: B });
    expect(del.rowCount).toBe(0);
    const a = await h.db.transaction(
      (tx) => tx.query<{ enabled: boolean }>(`select enabled from feature_flags where name = 'rls_probe_a'`),
      { tenantId: A },
    );
    expect(a.rows).toEqual([{ enabled: true }]);
  });

  it('refuses an insert for tenant A, or moving a row to tenant A, under tenant B', async () => {
    await expect(
      h.db.transaction((tx) => tx.query(`insert into feature_flags (tenant_id, name, enabled) values ($1, 'rls_smuggled', true)`, [A]), { tenantId: B }),
    ).rejects.toThrow(/row-level security/);
    await expect(
      h.db.transaction((tx) => tx.query(`update feature_flags set tenant_id = $1 where name = 'rls_probe_b'`, [A]), { tenantId: B }),
    ).rejects.toThrow(/row-level security/);
    const a = await flagsSeenBy(A);
    expect(a.rows.map((r) => r.name)).not.toContain('rls_smuggled');
    expect(a.rows.map((r) => r.name)).not.toContain('rls_probe_b');
  });

  it('keeps the audit log and the outbox of tenant A out of reach of tenant B', async () => {
    await h.db.transaction(
      async (tx) => {
        await tx.query(`insert into audit_log (tenant_id, action, resource) values ($1, 'probe', 'rls')`, [A]);
        await tx.query(`insert into events (tenant_id, stream, subject, payload) values ($1, 'JOBS', 'jobs.rls_probe', '{}')`, [A]);
      },
      { tenantId: A },
    );
    const seen = await h.db.transaction(
      async (tx) => [
        ...(await tx.query(`select 1 from audit_log where resource = 'rls'`)).rows,
        ...(await tx.query(`select 1 from events where subject = 'jobs.rls_probe'`)).rows,
      ],
      { tenantId: B },
    );
    expect(seen).toEqual([]);
  });

  it('has every table with a tenant_id under enabled and forced row-level security with a policy', async () => {
    const { rows } = await h.db.query<{ table: string; rls: boolean; forced: boolean; policies: number }>(
      `select n.nspname || '.' || c.relname as table, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
              (select count(*) from pg_policy p where p.polrelid = c.oid)::int as policies
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
         and (exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
              or (n.nspname = 'public' and c.relname = 'tenants'))
       order by 1`,
    );
    expect(rows.map((r) => r.table)).toEqual(expect.arrayContaining(['public.tenants', 'public.feature_flags', 'public.audit_log', 'public.events']));
    expect(rows.filter((r) => !r.rls || !r.forced || r.policies === 0)).toEqual([]);
  });

  it('reads the tenant setting once per statement in every tenant policy (an init plan, not per row)', async () => {
    // the per-row form cost most of a list page's lookups (docs/performance.md "Prepared reads")
    const { rows } = await h.db.query<{ table: string; qual: string }>(
      `select tablename as table, qual from pg_policies where qual like '%app.tenant_id%' and tablename not in ('tenants', 'profiles') order by 1`,
    );
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.filter((r) => !/^\(tenant_id = \( SELECT /.test(r.qual))).toEqual([]);
  });
});

describe('the server refuses a role that can bypass row-level security', () => {
  it("accepts the server's own role", async () => {
    await expect(assertRlsEnforced(h.db)).resolves.toBeUndefined();
    const who = await h.db.query<{ current_user: string }>('select current_user');
    expect(who.rows[0].current_user).toBe(APP_ROLE);
  });

  it("refuses PGlite's default superuser and a role with BYPASSRLS", async () => {
    const superuser = await PGlite.create();
    try {
      await expect(assertRlsEnforced(pgliteDb(superuser))).rejects.toThrow(/Refusing to start.*bypass row-level security/);
      await superuser.exec('create role rls_bypasser nosuperuser bypassrls; set role rls_bypasser;');
      await expect(assertRlsEnforced(pgliteDb(superuser))).rejects.toThrow(/"rls_bypasser" can bypass/);
    } finally {
      await superuser.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('refuses a PostgreSQL superuser connection', async () => {
    const client = new pg.Client({ connectionString: h.databaseUrl });
    await client.connect();
    const db: Db = {
      engine: 'postgres',
      query: async <T>(sql: string, params?: unknown[]) => {
        const r = await client.query(sql, params);
        return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
      },
      transaction: () => Promise.reject(new Error('not used')),
      reader: () => ({ query: () => Promise.reject(new Error('not used')) }),
      stats: () => ({ connections: 1, maxConnections: 1 }),
      close: () => client.end(),
    };
    try {
      await expect(assertRlsEnforced(db)).rejects.toThrow(/Refusing to start/);
    } finally {
      await client.end();
    }
  });
});
