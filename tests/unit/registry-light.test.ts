/**
 * The page registry loads with the first page after sign-in (docs/performance.md "Delivery"): what
 * resources/index.ts imports eagerly (not its lazy pages) must not pull zod or the country table —
 * the page modules read their live rows and permissions from contract/modules/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) if (existsSync(candidate)) return candidate;
  return null;
}

/** Every package a module imports eagerly, directly or through local modules (type-only imports and `import()` left out). */
function eagerPackages(entry: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)'/gm)) {
      if (m[1]) continue;
      const spec = m[2];
      if (spec.startsWith('.')) {
        const next = resolveLocal(file, spec);
        if (next) visit(next);
      } else packages.set(spec, file.slice(root.length + 1));
    }
  };
  visit(entry);
  return packages;
}

describe('the page registry is light', () => {
  it('imports neither zod nor i18n-iso-countries eagerly', () => {
    const packages = eagerPackages(join(root, 'resources/index.ts'));
    expect(packages.size).toBeGreaterThan(0);
    const heavy = [...packages].filter(([p]) => p === 'zod' || p.startsWith('zod/') || p.startsWith('i18n-iso-countries'));
    expect(heavy.map(([p, file]) => `${p} (from ${file})`)).toEqual([]);
  });

  it('a declared list page is plain data: the declaration imports no package, `declareList` only React (its page loads on demand)', () => {
    expect([...eagerPackages(join(root, 'src/lib/declared-list.ts')).keys()]).toEqual([]);
    expect([...eagerPackages(join(root, 'resources/shared/declare-list.ts')).keys()]).toEqual(['react']);
  });
});
