/**
 * Table upkeep for the embedded engine (docs/decisions.md "PGlite keeps its own statistics").
 * PostgreSQL's autovacuum analyzes a table once enough of it changed and vacuums it once enough of
 * it is dead; PGlite runs no background workers, so without this a table that grew from empty keeps
 * the planner's empty-table guesses forever (at 100,000 listings one repricer read took 1.3 s
 * instead of milliseconds: every row estimate was 1). The same thresholds as autovacuum's defaults
 * pick the tables; the app role may vacuum and analyze them through the MAINTAIN privilege
 * (server/db/migrate.ts). On PostgreSQL autovacuum does this and the timer does not start.
 */
import type { Db } from './types';
import { startPeriodic } from '../periodic';

/** autovacuum's defaults: a table is due after `base + scale × rows` changes (or dead rows). */
export const ANALYZE_THRESHOLD = { base: 50, scale: 0.1 } as const;
export const VACUUM_THRESHOLD = { base: 50, scale: 0.2 } as const;

export interface TableActivity {
  table: string;
  /** pg_class.reltuples: rows at the last analyze or vacuum, -1 before the first. */
  rows: number;
  changedSinceAnalyze: number;
  dead: number;
}

export interface Due { analyze: string[]; vacuum: string[] }

/** Which tables are due (a vacuumed table is analyzed in the same pass, so it is listed once). */
export function tablesDue(tables: readonly TableActivity[]): Due {
  const due: Due = { analyze: [], vacuum: [] };
  for (const t of tables) {
    const rows = Math.max(0, t.rows);
    if (t.dead > VACUUM_THRESHOLD.base + VACUUM_THRESHOLD.scale * rows) due.vacuum.push(t.table);
    else if (t.changedSinceAnalyze > ANALYZE_THRESHOLD.base + ANALYZE_THRESHOLD.scale * rows) due.analyze.push(t.table);
  }
  return due;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** One pass: reads the activity counters, then vacuums (with analyze) or analyzes what is due. */
export async function maintainTables(db: Db): Promise<Due> {
  // this backend's counters reach the statistics views at most once a second: flush them first
  await db.query('select pg_stat_force_next_flush()');
  const { rows } = await db.query<{ table: string; rows: number; changed: string; dead: string }>(
    `select s.relname as table, c.reltuples as rows, s.n_mod_since_analyze as changed, s.n_dead_tup as dead
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = 'public' and has_table_privilege(s.relid, 'MAINTAIN')
      order by s.relname`,
  );
  const due = tablesDue(rows.map((r) => ({ table: r.table, rows: Number(r.rows), changedSinceAnalyze: Number(r.changed), dead: Number(r.dead) })));
  // one statement each, outside a transaction (VACUUM cannot run in one)
  for (const t of due.vacuum) await db.query(`vacuum (analyze) ${quoteIdent(t)}`);
  for (const t of due.analyze) await db.query(`analyze ${quoteIdent(t)}`);
  return due;
}

export function maintenanceMs(engine: Db['engine'], env: NodeJS.ProcessEnv = process.env): number {
  if (engine !== 'pglite') return 0;
  const raw = env.DB_MAINTENANCE_MS;
  if (raw !== undefined && raw !== '') return Math.max(0, Number(raw) || 0);
  return env.VITEST ? 0 : 60_000;
}

/** Starts the upkeep timer; returns its stop function (which waits for a pass under way). */
export function startMaintenance(db: Db, everyMs: number, onError: (e: unknown) => void = () => undefined): () => Promise<void> {
  return startPeriodic(everyMs, () => maintainTables(db), onError);
}
