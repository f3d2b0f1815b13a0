/**
 * List filters (docs/api-conventions.md "Lists"): a parameterised WHERE list; each filter adds its
 * value and gets the next `$n` placeholder.
 */
export interface WhereBuilder {
  where: string[];
  params: unknown[];
  add(clause: (placeholder: string) => string, value: unknown): void;
}

export function whereBuilder(first: string, firstParam: unknown): WhereBuilder {
  const where = [first];
  const params: unknown[] = [firstParam];
  return {
    where,
    params,
    add(clause, value) {
      params.push(value);
      where.push(clause(`$${params.length}`));
    },
  };
}
