/**
 * The dashboard's cards share one chunk by their file names (vite.config.ts `dashboard-cards` group,
 * docs/performance.md "Delivery"): every file the group's pattern takes must be a card a domain's
 * index.ts declares, or the first page loads that file's page with it (a confirmation card of the
 * orchestrator's chat, named `*-card.tsx`, once pulled the chat and its tables onto /dashboard).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const GROUP = /resources\/(?!ops\/)[^/]+\/[^/]*-cards?\.tsx$/;

describe('the dashboard-cards chunk', () => {
  it("takes only the files that domains declare as dashboard cards, and vite.config.ts uses this pattern", () => {
    expect(readFileSync(join(ROOT, 'vite.config.ts'), 'utf8')).toContain(String(GROUP).slice(1, -1));
    const taken: string[] = [];
    const declared = new Set<string>();
    for (const domain of readdirSync(join(ROOT, 'resources'))) {
      let files: string[];
      try {
        files = readdirSync(join(ROOT, 'resources', domain));
      } catch {
        continue;
      }
      for (const f of files) if (GROUP.test(`resources/${domain}/${f}`)) taken.push(`${domain}/${f}`);
      if (!files.includes('index.ts')) continue;
      for (const m of readFileSync(join(ROOT, 'resources', domain, 'index.ts'), 'utf8').matchAll(/import\('\.\/([^']+)'\)/g)) declared.add(`${domain}/${m[1]}.tsx`);
    }
    expect(taken.length).toBeGreaterThan(5);
    expect(taken.filter((f) => !declared.has(f))).toEqual([]);
  });
});
