/** Rows grouped by a key, each group in the rows' order; the groups in the order their keys first appear. */
export function groupBy<T, K = string>(rows: readonly T[], key: (r: T) => K): Map<K, T[]> {
  const m = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return m;
}
