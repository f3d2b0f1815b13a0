/**
 * PostgreSQL array literals for multi-row statements (`unnest($n::uuid[], …)`), written directly.
 * The driver serialises a JavaScript array by quoting and escaping every element through two
 * regular expressions; for a page of thousands of rows that is a measurable share of a batch's CPU
 * (docs/performance.md "Repricing"). These build the same text form faster: values that never need
 * quoting (uuids, integers, booleans) are joined as they are, text is quoted and escaped only when
 * it holds a quote or a backslash.
 */

const BARE = /^(?!null$)[\w.+-]+$/i; // "NULL" unquoted would be a null

/**
 * `{a,b,NULL}` for values that need no quoting: uuids, finite numbers, booleans, null. A string
 * that is not a bare word (a uuid, a number) is quoted as text is, so a stray one cannot break the
 * literal.
 */
export function plainArray(values: readonly (string | number | boolean | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    if (v == null) out += 'NULL';
    else if (typeof v !== 'string' || BARE.test(v)) out += String(v);
    else out += quoted(v);
  }
  return `${out}}`;
}

/** One array element in quotes, `"` and `\\` escaped (the text form the driver sends). */
export function quoted(v: string): string {
  return v.indexOf('"') < 0 && v.indexOf('\\') < 0 ? `"${v}"` : `"${v.replace(/[\\"]/g, '\\$&')}"`;
}

/** `{"a","b",NULL}` for text (and JSON text): every element quoted, `"` and `\` escaped. */
export function textArray(values: readonly (string | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    out += v == null ? 'NULL' : quoted(v);
  }
  return `${out}}`;
}
