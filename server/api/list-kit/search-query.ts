/**
 * Search text → tsquery for the word-prefix search columns of products and orders (search in SQL
 * with an index, docs/api-conventions.md "Lists"). The columns index lower-cased alphanumeric
 * tokens, so the query is the same tokens, each a prefix, all required: "ord-1002" → 'ord':* & '1002':*.
 */
export function prefixTsQuery(text: string | undefined): string | null {
  if (!text) return null;
  // ASCII runs only: a prefix of an accented word still matches whichever way the database's locale splits it
  const tokens = text.toLowerCase().match(/[a-z0-9]+/g);
  if (!tokens || tokens.length === 0) return null;
  return tokens.slice(0, 8).map((t) => `${t}:*`).join(' & ');
}
