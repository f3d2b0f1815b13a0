/**
 * One-round-trip reads (docs/performance.md "Reads in one round trip"). A read sends the tenant
 * settings and its statement as ONE simple-protocol message: PostgreSQL runs the statements of one
 * message as one implicit transaction, so `set_config(…, true)` scopes row-level security to exactly
 * that statement, with no BEGIN and COMMIT round trips. The simple protocol has no parameters, so
 * the values are written as quoted literals with the driver's own escaping (`escapeLiteral`).
 * A quoted literal is of type `unknown` and takes its type from the context exactly as an untyped
 * `$n` parameter does (which is how `pg` sends parameters: as text, type unspecified).
 * Anything this cannot write safely (binary values, dollar quotes, `$` in identifiers, E'' strings)
 * returns null and the caller runs the statement in a transaction instead.
 */
// the driver's own escaping, without loading the whole driver on PGlite
import pgUtils from 'pg/lib/utils.js';
import type { TxOptions } from './types';
import { quoted } from './arrays';

const { escapeLiteral } = pgUtils;

/** A PostgreSQL array literal's element: quoted, with `"` and `\` escaped (the text form pg sends). */
function arrayElement(v: unknown): string | null {
  if (v === null || v === undefined) return 'NULL';
  if (Array.isArray(v)) return arrayText(v);
  const s = scalarText(v);
  return s === null ? null : quoted(s);
}

function arrayText(values: unknown[]): string | null {
  const parts: string[] = [];
  for (const v of values) {
    const e = arrayElement(v);
    if (e === null) return null;
    parts.push(e);
  }
  return `{${parts.join(',')}}`;
}

function scalarText(v: unknown): string | null {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
      return Number.isFinite(v) ? String(v) : null;
    case 'bigint':
    case 'boolean':
      return String(v);
    case 'object':
      if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
      if (v instanceof Uint8Array) return null; // bytea: leave it to the extended protocol
      return JSON.stringify(v);
    default:
      return null;
  }
}

/** The SQL literal of one parameter value, or null when it cannot be written safely. */
export function literal(v: unknown): string | null {
  if (v === null || v === undefined) return 'NULL';
  const text = Array.isArray(v) ? arrayText(v) : scalarText(v);
  if (text === null || text.includes('\0')) return null;
  return escapeLiteral(text);
}

/**
 * `sql` with every `$n` outside quotes and comments replaced by the literal of `params[n-1]`;
 * null when a value cannot be written or the text has constructs this scanner does not follow.
 */
export function inlineParams(sql: string, params: readonly unknown[]): string | null {
  // E'' strings (backslash escapes) are left to the extended protocol
  if (/(^|[^a-z0-9_])e'/i.test(sql)) return null;
  const lits: (string | null)[] = params.map(literal);
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      // a quoted literal or identifier, with doubled quotes inside
      let j = i + 1;
      for (;;) {
        j = sql.indexOf(c, j);
        if (j < 0) return null;
        if (sql[j + 1] === c) j += 2;
        else break;
      }
      out += sql.slice(i, j + 1);
      i = j + 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const j = sql.indexOf('\n', i);
      const end = j < 0 ? sql.length : j;
      out += sql.slice(i, end);
      i = end;
    } else if (c === '/' && sql[i + 1] === '*') {
      const j = sql.indexOf('*/', i + 2);
      if (j < 0) return null;
      out += sql.slice(i, j + 2);
      i = j + 2;
    } else if (c === '$') {
      // a placeholder is `$` + digits not glued to an identifier; anything else with a `$` outside
      // quotes (dollar quotes $$ / $tag$, `$` inside an identifier) is left to the extended protocol
      if (!/[0-9]/.test(sql[i + 1] ?? '') || /[a-z0-9_]/i.test(sql[i - 1] ?? '')) return null;
      let j = i + 1;
      while (j < sql.length && /[0-9]/.test(sql[j])) j++;
      const n = Number(sql.slice(i + 1, j));
      if (n < 1 || n > lits.length) return null;
      const lit = lits[n - 1];
      if (lit === null) return null;
      out += lit;
      i = j;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The statement that sets the row-level security settings for the rest of its message. */
export function settingsStatement(o: TxOptions): string {
  return `select set_config('app.tenant_id', ${escapeLiteral(o.tenantId ?? '')}, true), set_config('app.user_id', ${escapeLiteral(o.userId ?? '')}, true)`;
}

/** Settings and statement as one message, or null when the statement must take the transaction path. */
export function readMessage(sql: string, params: readonly unknown[] | undefined, o: TxOptions): string | null {
  const text = inlineParams(sql, params ?? []);
  return text === null ? null : `${settingsStatement(o)};\n${text}`;
}
