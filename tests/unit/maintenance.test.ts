/** Which tables the embedded engine's upkeep vacuums or analyzes (server/db/maintenance.ts): autovacuum's thresholds. */
import { describe, expect, it } from 'vitest';
import { maintenanceMs, tablesDue } from '../../server/db/maintenance';

const t = (table: string, rows: number, changedSinceAnalyze: number, dead = 0) => ({ table, rows, changedSinceAnalyze, dead });

describe('tablesDue', () => {
  it('analyzes a table after 50 + 10 % of its rows changed, not before', () => {
    expect(tablesDue([t('a', 1000, 150), t('b', 1000, 151)])).toEqual({ analyze: ['b'], vacuum: [] });
  });

  it('treats a never-analyzed table (-1 rows) as empty: 51 new rows make it due', () => {
    expect(tablesDue([t('fresh', -1, 50), t('grown', -1, 51)])).toEqual({ analyze: ['grown'], vacuum: [] });
  });

  it('vacuums after 50 + 20 % dead rows, and lists a vacuumed table once (the vacuum analyzes it too)', () => {
    expect(tablesDue([t('a', 10_000, 5_000, 2_050), t('b', 10_000, 5_000, 2_051)])).toEqual({ analyze: ['a'], vacuum: ['b'] });
  });

  it('leaves quiet tables alone', () => {
    expect(tablesDue([t('a', 100_000, 9_000, 19_000), t('b', 0, 0, 0)])).toEqual({ analyze: [], vacuum: [] });
  });
});

describe('maintenanceMs', () => {
  it('runs on PGlite every minute by default, never on PostgreSQL (autovacuum), and is off under the test runner unless asked', () => {
    expect(maintenanceMs('pglite', {})).toBe(60_000);
    expect(maintenanceMs('postgres', { DB_MAINTENANCE_MS: '1000' })).toBe(0);
    expect(maintenanceMs('pglite', { VITEST: 'true' })).toBe(0);
    expect(maintenanceMs('pglite', { VITEST: 'true', DB_MAINTENANCE_MS: '500' })).toBe(500);
    expect(maintenanceMs('pglite', { DB_MAINTENANCE_MS: '0' })).toBe(0);
  });
});
