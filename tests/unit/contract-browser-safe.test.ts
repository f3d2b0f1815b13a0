/** contract/ is bundled into the browser app: no Node built-ins, no database driver, nothing from server/. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(__dirname, '../../contract');

describe('contract/ is browser-safe', () => {
  it('imports neither node: modules, pg, nor server code', () => {
    const bad: string[] = [];
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
      const text = readFileSync(join(dir, f), 'utf8');
      for (const m of text.matchAll(/from\s+'([^']+)'/g)) {
        if (/^node:|^(pg|fs|path|crypto|http|net)$|^@electric-sql|\/server\//.test(m[1])) bad.push(`${f}: ${m[1]}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
