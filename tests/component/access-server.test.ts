/**
 * The client's requirements equal the server's (docs/product/routes-and-roles.md): for each page
 * and each declared command button, the permission the console asks before offering it is the
 * permission the server route it calls declares. The server's routes are read from its own module
 * list (server/api/routes.ts) through a recording `api.route`.
 */
import { describe, expect, it } from 'vitest';
import { accessRule } from '../../contract/access';
import { SIGNED_IN } from '../../contract/permissions';
import { accessControlFor } from '../../providers/access-control';
import { modules } from '../../resources';
import { commandsOf, routeTable } from '../../src/lib/registry-derive';
import { apiModules } from '../../server/api/routes';
import type { Api } from '../../server/api/module';

/** `METHOD /url` → permission, as the server's modules declare them. */
function serverRoutes(): Map<string, string | null> {
  const routes = new Map<string, string | null>();
  // registration only: nothing here is served, so the app and the services are inert stand-ins
  const inert: unknown = new Proxy(function () {}, {
    get: (_t, key) => (key === Symbol.toPrimitive ? () => '' : inert),
    apply: () => inert,
  });
  for (const m of apiModules) {
    const api = {
      app: inert,
      services: inert,
      route: (def: { method: string | string[]; url: string; access: string }) => {
        for (const method of [def.method].flat()) routes.set(`${method} ${def.url}`, def.access === SIGNED_IN ? null : def.access);
      },
    } as unknown as Api;
    try {
      m.routes(api);
    } catch {
      // a module that needs real services at registration (CSRF keys) names no permission we check
    }
  }
  return routes;
}

const server = serverRoutes();
const table = routeTable(modules);
const { permissionFor } = accessControlFor(modules);

describe("client requirements = the server's", () => {
  // each page route and command button names the server call it makes (resources/<name>/index.ts)
  const pages = table.filter((r) => r.call);

  it('the registry names the calls of the pages that read or save guarded data', () => {
    expect(pages.map((r) => r.path)).toEqual(expect.arrayContaining(['/ops', '/ops/dlq', '/suppliers', '/suppliers/create', '/orders']));
  });

  it.each(pages.map((r) => [r.path, r.call!, r] as const))('page %s and %s ask one permission', (_path, call, row) => {
    expect(server.has(call), call).toBe(true);
    const client = accessRule(row.access).permission ?? permissionFor(row.module, row.action);
    expect(client).toBe(server.get(call));
  });

  const commands = modules.flatMap((m) => Object.entries(commandsOf(m)).map(([id, c]) => [`${m.name}.${id}`, c] as const));

  it('the registry declares command buttons (so the check below can fail)', () => {
    expect(commands.length).toBeGreaterThan(10);
  });

  it.each(commands)('command %s asks what its server route requires', (_key, command) => {
    expect(server.has(command.call), command.call).toBe(true);
    expect(permissionFor(command.resource, command.action)).toBe(server.get(command.call));
  });
});
