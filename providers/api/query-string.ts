/** Query strings of API calls — docs/product/api-calls.md: null/undefined values are skipped, objects are JSON-encoded. */
export type QueryValue = string | number | boolean | null | undefined | object;
export type Query = Record<string, QueryValue>;

export function buildQuery(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}
