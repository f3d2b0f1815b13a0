/**
 * Prepared reads (docs/performance.md "Prepared reads"). A read whose text starts with
 * `GENERIC_PLAN` is prepared once per connection (`PREPARE r_<hash> AS …`, SQL-level, so it works
 * alike on PostgreSQL and PGlite) and then sent as `EXECUTE r_<hash>('…', …)` in the same
 * one-message form as an inlined read (inline.ts): the RLS settings first, the statement after, one
 * implicit transaction. The message forces the generic plan for that statement only
 * (`plan_cache_mode`), so it is planned once per connection and never again.
 *
 * Why: a list page's statement (a JSON object of ~30 fields, a few lookups, row-level security on
 * every table) spent more time being planned than being run — 0.8 ms of 1.3 ms for a five-row page
 * on PostgreSQL, more on PGlite — and the default (`auto`) keeps re-planning such statements, whose
 * custom plans look cheaper on paper.
 *
 * Why only marked statements: a generic plan does not know its parameters' values. A `LIMIT $n`
 * planned for "10 % of the table" turned a 2 ms page into a 100 ms parallel sequential scan. The
 * list kit marks its page statements, whose LIMIT is written into the text and whose other
 * parameters (tenant, filters, cursor) do not change the plan's shape.
 *
 * What cannot be prepared (not a single plannable statement, a parameter whose type cannot be
 * inferred, a value that has no safe literal) takes the inlined path of inline.ts instead.
 */
import { createHash } from 'node:crypto';
import { literal, settingsStatement } from './inline';
import type { QueryResult, TxOptions } from './types';

/** The mark a statement's text starts with to be run prepared, with its generic plan. */
export const GENERIC_PLAN = '/* generic plan */ ';

/** Statements a connection keeps at most; past it the connection deallocates them all and starts over. */
const MAX_PREPARED = 200;

const names = new Map<string, string>();
const unpreparable = new Set<string>();

/** The statement's name: the same text is the same statement on every connection. */
export function statementName(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `r_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    if (names.size >= 5000) names.clear();
    names.set(sql, name);
  }
  return name;
}

/** The names of the statements one connection has prepared. */
export type PreparedSet = Set<string>;

/**
 * How to run `sql` prepared on a connection — the PREPARE to send first, alone, when the connection
 * has not prepared it yet, and the settings with the EXECUTE as one message — or null when it must
 * take another path.
 */
function preparedPlan(sql: string, params: readonly unknown[] | undefined, o: TxOptions, have: PreparedSet): { name: string; prepare: string | null; message: string } | null {
  if (!sql.startsWith(GENERIC_PLAN) || unpreparable.has(sql)) return null;
  const lits: string[] = [];
  for (const p of params ?? []) {
    const l = literal(p);
    if (l === null) return null;
    lits.push(l);
  }
  const name = statementName(sql);
  const args = lits.length ? `(${lits.join(', ')})` : '';
  return {
    name,
    prepare: have.has(name) ? null : `prepare ${name} as ${sql}`,
    message: `${settingsStatement(o)}, set_config('plan_cache_mode', 'force_generic_plan', true);\nexecute ${name}${args}`,
  };
}

/** PREPARE failed: the statement takes the inlined path from now on, on every connection. */
function markUnpreparable(sql: string): void {
  if (unpreparable.size >= 5000) unpreparable.clear();
  unpreparable.add(sql);
}

/** One session's raw simple-protocol call: the result of the message's last statement. */
export type RunMessage = (message: string) => Promise<QueryResult<unknown>>;

const code = (e: unknown) => (e as { code?: string } | null)?.code;

/**
 * Runs `sql` prepared on the session `run` talks to (`have` is what that session has prepared), or
 * answers null when the statement takes another path. Errors of the statement itself are thrown.
 */
export async function preparedRead<R>(run: RunMessage, have: PreparedSet, sql: string, params: readonly unknown[] | undefined, o: TxOptions, retried = false): Promise<QueryResult<R> | null> {
  const plan = preparedPlan(sql, params, o, have);
  if (!plan) return null;
  if (plan.prepare) {
    if (have.size >= MAX_PREPARED) {
      have.clear();
      await run('deallocate all');
    }
    try {
      await run(plan.prepare);
    } catch (e) {
      // 42P05: prepared by an earlier call whose answer was lost (it failed after the PREPARE ran)
      if (code(e) !== '42P05') {
        markUnpreparable(sql);
        return null;
      }
    }
    have.add(plan.name);
  }
  try {
    return (await run(plan.message)) as QueryResult<R>;
  } catch (e) {
    // 26000: the session lost its statements (deallocated elsewhere): prepare again, once
    if (code(e) !== '26000' || retried) throw e;
    have.delete(plan.name);
    return preparedRead(run, have, sql, params, o, true);
  }
}
