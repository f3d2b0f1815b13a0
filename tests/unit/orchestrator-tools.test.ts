/**
 * The orchestrator's tools (docs/orchestrator.md "Tools"): each is declared once, takes the
 * permission of the API route it calls (read from the routes the modules declare, as
 * tests/unit/route-permissions.test.ts reads them), has a JSON Schema generated from its zod input,
 * and the destructive or bulk ones are "danger".
 */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiModules } from '../../server/api/routes';
import type { Api } from '../../server/api/module';
import type { RouteDef } from '../../server/api/kit';
import type { Db } from '../../server/db';
import type { Config } from '../../server/config';
import { TOOLS } from '../../server/orchestrator/tools';
import { inputSchema, toolInfo } from '../../server/orchestrator/tool-kit';

function declaredRoutes(): RouteDef[] {
  const defs: RouteDef[] = [];
  const app = { addHook: () => app, log: { info() {}, warn() {}, error() {} } } as unknown as FastifyInstance;
  const api: Api = { app, services: { db: {} as Db, config: { jwtSecret: 'route-listing-only-secret' } as Config }, route: (def) => void defs.push(def as RouteDef) };
  for (const m of apiModules) m.routes(api);
  return defs;
}
const routes = new Map(declaredRoutes().map((d) => [`${d.method} ${d.url}`, d]));

describe('orchestrator tools', () => {
  it('have unique names', () => {
    expect(new Set(TOOLS.map((t) => t.name)).size).toBe(TOOLS.length);
    expect(TOOLS.length).toBeGreaterThanOrEqual(20);
  });

  it.each(TOOLS.map((t) => [t.name, t] as const))('%s takes the permission of the route it calls', (_name, t) => {
    const r = routes.get(t.route);
    expect(r, `${t.name} names ${t.route}`).toBeDefined();
    expect(t.permission).toBe(r!.access);
    // a write calls a state-changing route; a read a GET (or the eligibility evaluation, which changes nothing)
    if (t.writes) expect(r!.method).not.toBe('GET');
    else expect(r!.method === 'GET' || t.route === 'POST /capital/eligibility/evaluate').toBe(true);
  });

  it.each(TOOLS.map((t) => [t.name, t] as const))('%s: its JSON Schema comes from its zod input', (_name, t) => {
    const s = inputSchema(t);
    expect(s.type).toBe('object');
    expect(toolInfo(t, true).input_schema).toBe(s);
  });

  it('marks discarding and bulk approving as danger, and nothing that only reads', () => {
    const danger = TOOLS.filter((t) => t.danger).map((t) => t.name).sort();
    expect(danger).toEqual(['approve_price_proposals', 'discard_failed_messages']);
    expect(toolInfo(TOOLS.find((t) => t.name === 'discard_failed_messages')!, false)).toMatchObject({ available: false, unavailable_reason: expect.stringMatching(/orchestrator danger off/) });
  });
});
