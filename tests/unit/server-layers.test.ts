/**
 * The server's floors (docs/api-conventions.md "Layers"): `server/domain/` holds business rules and
 * parsers and imports nothing from `server/api/`; the event runtime never asks which engine runs;
 * one `runtimeTx`; list totals are invalidated by the route kit, not by hand in route modules.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');

function tsFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Repository paths of every relative module a file imports or re-exports (static or dynamic). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specs = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]);
  return specs.filter((s) => s.startsWith('.')).map((s) => relative(ROOT, resolve(ROOT, dirname(file), s)));
}

describe('server layers', () => {
  it('server/domain imports nothing from server/api', () => {
    const files = tsFiles('server/domain');
    expect(files.length).toBeGreaterThan(3);
    const leaks = files.flatMap((f) => importsOf(f).filter((p) => p === 'server/api' || p.startsWith('server/api/')).map((p) => `${f} → ${p}`));
    expect(leaks).toEqual([]);
  });

  it('the scan sees an import into server/api (so the check above can fail)', () => {
    expect(importsOf('server/api/routes.ts')).toContain('server/api/products/routes');
  });

  it('the event runtime asks the engine interface, never which engine it is', () => {
    expect(readFileSync(join(ROOT, 'server/events/runtime.ts'), 'utf8')).not.toMatch(/\binstanceof\b/);
  });

  it('has one runtimeTx', () => {
    const defs = tsFiles('server').filter((f) => /\bfunction\s+runtimeTx\b|\bconst\s+runtimeTx\b/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(defs).toEqual(['server/events/runtime-tx.ts']);
  });

  it('leaves list-total invalidation to the route kit: no route module calls it', () => {
    const callers = tsFiles('server/api').filter((f) => /(?<!function )\bcountsChanged\s*\(/.test(readFileSync(join(ROOT, f), 'utf8')));
    // the kit after each committed write; the import worker for jobs, which commit outside a request
    expect(callers.sort()).toEqual(['server/api/imports/import-worker.ts', 'server/api/kit.ts']);
  });
});
