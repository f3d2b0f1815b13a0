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

/**
 * How many rows a search walks in the page's order before it gathers every match instead
 * (`PageRequest.walk`): a word in at least one row of 100 fills a page of 50 within the walk, an
 * index-only read of ~1 ms; a rarer one is found through the search index.
 */
export const SEARCH_WALK_BOUND = 5_000;

/**
 * The search filter of a list whose `search` column holds the word-prefix vector, as a walked
 * filter (`PageRequest.walk`); its value is the next parameter of `w`. The query is built once per
 * statement (a subquery), not for every row the walk tests.
 */
export function searchWalk(alias: string, w: { params: unknown[] }, tsQuery: string): { hit: string; bound: number } {
  w.params.push(tsQuery);
  return { hit: `${alias}.search @@ (select to_tsquery('simple', $${w.params.length}))`, bound: SEARCH_WALK_BOUND };
}
