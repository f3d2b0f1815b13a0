/**
 * The tenant export's files (docs/governance.md "Exports"): every tenant-scoped table — discovered
 * from the schema, the tables of `public` with a `tenant_id` column — as one file each, plus the
 * tenant's own row (`tenants`). Each table is read in keyset pages over its primary key (a table
 * without one in one read), each page in a tenant transaction under row-level security and with
 * `tenant_id = $1`, so no other tenant's row can come in; the page's transaction also moves the
 * job's progress on. The object store's export files themselves (keys `exports/…`) are left out.
 * Pages are not one snapshot: a row changed during the export is in the state its page read.
 */
import type { Db, Tx } from '../../db';
import type { ExportFormat } from '../../../contract/exports';
import { serializeRows, EXTENSION } from './serialize';
import type { ZipFile } from './zip';

export interface TenantTable { table: string; columns: string[]; pk: string[]; pkTypes: string[] }

const PAGE = 2000;
const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** The tenant-scoped tables, by name. */
export async function tenantTables(tx: Tx): Promise<TenantTable[]> {
  const { rows } = await tx.query<{ table: string; columns: string[]; pk: string[] | null; pk_types: string[] | null }>(
    `select c.relname::text as table,
            (select array_agg(a.attname::text order by a.attnum) from pg_attribute a
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
            (select array_agg(a.attname::text order by k.ord) from pg_index i
               cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
               join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
              where i.indrelid = c.oid and i.indisprimary) as pk,
            (select array_agg(format_type(a.atttypid, a.atttypmod) order by k.ord) from pg_index i
               cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
               join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
              where i.indrelid = c.oid and i.indisprimary) as pk_types
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        and exists (select 1 from pg_attribute t where t.attrelid = c.oid and t.attname = 'tenant_id' and not t.attisdropped)
      order by c.relname`,
  );
  return rows.map((r) => ({ table: r.table, columns: r.columns, pk: r.pk ?? [], pkTypes: r.pk_types ?? [] }));
}

/**
 * Secrets stay out of the export: a webhook's signing secret and a marketplace account's encrypted
 * credentials (and any column named like them) read `[withheld]` (the API masks them likewise).
 */
const SECRET_COLUMN = /(^|_)(secret|credentials_enc|password)$/;
const withhold = (row: Record<string, unknown>) => {
  for (const k of Object.keys(row)) if (SECRET_COLUMN.test(k) && row[k] != null) row[k] = '[withheld]';
  return row;
};

/** Rows of `t` not in the export: the export files in the object store. */
const EXCLUDE: Record<string, string> = { stored_objects: `and not (key like 'exports/%')` };

export async function tenantFiles(
  db: Db,
  tenantId: string,
  o: { format: ExportFormat; progress: (tx: Tx, done: number, total: number) => Promise<void> },
): Promise<{ files: ZipFile[]; rows: number }> {
  const { tables, counts } = await db.transaction(async (tx) => {
    const tables = await tenantTables(tx);
    const counts: number[] = [];
    for (const t of tables) {
      counts.push(Number((await tx.query<{ n: string }>(`select count(*) as n from ${ident(t.table)} where tenant_id = $1 ${EXCLUDE[t.table] ?? ''}`, [tenantId])).rows[0].n));
    }
    return { tables, counts };
  }, { tenantId });
  const total = counts.reduce((a, b) => a + b, 1);
  let done = 0;
  const files: ZipFile[] = [];
  for (const t of tables) {
    const parts: string[] = [];
    let after: string[] | null = null;
    let first = true;
    for (;;) {
      const params: unknown[] = [tenantId];
      let keyset = '';
      if (after) {
        const placeholders = after.map((v, i) => {
          params.push(v);
          return `$${params.length}::${t.pkTypes[i]}`;
        });
        keyset = `and (${t.pk.map(ident).join(', ')}) > (${placeholders.join(', ')})`;
      }
      const paged = t.pk.length > 0;
      const keys = t.pk.map((c, i) => `${ident(c)}::text as _k${i}`).join(', ');
      const sql = `select to_jsonb(x) as j${paged ? `, ${keys}` : ''} from ${ident(t.table)} x where tenant_id = $1 ${EXCLUDE[t.table] ?? ''} ${keyset}
                   ${paged ? `order by ${t.pk.map(ident).join(', ')} limit ${PAGE}` : ''}`;
      const page = await db.transaction(async (tx) => {
        const { rows } = await tx.query<Record<string, unknown> & { j: Record<string, unknown> }>(sql, params);
        await o.progress(tx, done + rows.length, Math.max(total, done + rows.length + 1));
        return rows;
      }, { tenantId });
      if (page.length > 0 || first) parts.push(serializeRows(o.format, t.columns, page.map((r) => withhold(r.j)), first));
      first = false;
      done += page.length;
      if (!paged || page.length < PAGE) break;
      const last = page[page.length - 1];
      after = t.pk.map((_c, i) => String(last[`_k${i}`]));
    }
    files.push({ name: `${t.table}.${EXTENSION[o.format]}`, bytes: new TextEncoder().encode(parts.join('')) });
  }
  // the tenant's own row (the tenants table is keyed by id, not tenant_id)
  const own = await db.transaction(async (tx) => (await tx.query<{ j: Record<string, unknown> }>('select to_jsonb(t) as j from tenants t where id = $1', [tenantId])).rows, { tenantId });
  const tenantColumns = own[0] ? Object.keys(own[0].j) : ['id'];
  files.push({ name: `tenants.${EXTENSION[o.format]}`, bytes: new TextEncoder().encode(serializeRows(o.format, tenantColumns, own.map((r) => r.j), true)) });
  return { files, rows: done + own.length };
}
