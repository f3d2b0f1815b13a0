/**
 * The MCP endpoint over HTTP on a real database (docs/mcp.md), spoken to with the SDK's own client:
 * each role lists only the tools it may use (with the JSON Schemas of GET /api/orchestrator/tools);
 * a read answers with rows; a write only proposes (nothing changes) and runs when the same member
 * confirms it through the console's route; a danger tool is refused in words while the build's
 * switch is off; no token, a bad token, the store's orchestrator flag off or its beta features off →
 * refused, for that store only. On PGlite and (TEST_DATABASE_URL) on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, tokenFor } from './tokens';
import { pendingAction, toolTable } from '../../contract/orchestrator';

let h: Harness;
const ADMIN = 'admin@demo.local';
const SELLER = 'seller@demo.local';
const NORTHWIND = 'owner@northwind.local';
const open: Client[] = [];

beforeAll(async () => {
  h = await startServer();
  // MCP access is a beta feature (docs/mcp.md): both stores turn theirs on, as an administrator does at /flags
  for (const who of [ADMIN, NORTHWIND]) expect((await callAs(h, who, 'PUT', '/api/flags/enableBetaFeatures', { enabled: true })).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await Promise.all(open.map((c) => c.close().catch(() => undefined)));
  await h?.close();
});

async function connect(authorization?: string): Promise<Client> {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${h.url}/mcp`), { requestInit: { headers: authorization ? { authorization } : {} } });
  await client.connect(transport);
  open.push(client);
  return client;
}
const as = async (email: string) => connect(`Bearer ${await tokenFor(h, email)}`);
const text = (r: CallToolResult, i = 0) => (r.content[i] as { type: 'text'; text: string }).text;

const q = async <T>(sql: string, params: unknown[]) => (await h.db.transaction((tx) => tx.query<T>(sql, params), { tenantId: DEMO_TENANT.id })).rows;
const pendingOrder = async () => (await q<{ id: string }>("select id from orders where tenant_id = $1 and status = 'pending' and hold_reason is null order by id desc limit 1", [DEMO_TENANT.id]))[0].id;
const holdReason = async (id: string) => (await q<{ hold_reason: string | null }>('select hold_reason from orders where tenant_id = $1 and id = $2', [DEMO_TENANT.id, id]))[0].hold_reason;

describe('tools/list', () => {
  it('lists exactly the tools the role may use, each with the JSON Schema the API gives', async () => {
    const admin = (await (await as(ADMIN)).listTools()).tools;
    const api = (await callAs(h, ADMIN, 'GET', '/api/orchestrator/tools')).body.data as { name: string; input_schema: unknown }[];
    expect(admin.map((t) => t.name)).toEqual(api.map((t) => t.name));
    const byName = Object.fromEntries(admin.map((t) => [t.name, t]));
    for (const t of api) expect(byName[t.name].inputSchema).toEqual(t.input_schema);
    expect(byName.find_orders.inputSchema).toMatchObject({ type: 'object', properties: { status: { enum: expect.arrayContaining(['pending']) } } });
    expect(byName.replay_failed_messages).toBeDefined();
    expect(byName.discard_failed_messages.description).toMatch(/Unavailable: .*switched off in this build/);

    const seller = (await (await as(SELLER)).listTools()).tools.map((t) => t.name);
    const sellerApi = (await callAs(h, SELLER, 'GET', '/api/orchestrator/tools')).body.data.map((t: { name: string }) => t.name);
    expect(seller).toEqual(sellerApi);
    expect(seller).toContain('find_orders');
    expect(seller).toContain('hold_order');
    expect(seller).not.toContain('replay_failed_messages');
    expect(seller).not.toContain('find_failed_messages');
    expect(seller.length).toBeLessThan(admin.length);
  });
});

describe('tools/call', () => {
  it('runs a read and answers its rows as text and as structured content', async () => {
    const r = (await (await as(SELLER)).callTool({ name: 'find_orders', arguments: { status: 'pending' } })) as CallToolResult;
    expect(r.isError).toBeFalsy();
    const table = toolTable.parse(r.structuredContent);
    expect(table.rows.length).toBeGreaterThan(0);
    expect(JSON.parse(text(r, 1))).toEqual(table);
    expect(text(r, 0)).toContain(`${table.title}: showing ${table.rows.length} of ${table.total}.`);
    expect(text(r, 0)).toContain(String(table.rows[0][table.columns[0].key]));
  });

  it('a write only proposes; the same member confirms it in the console and it runs', async () => {
    const order = await pendingOrder();
    const client = await as(SELLER);
    const r = (await client.callTool({ name: 'hold_order', arguments: { order_id: order } })) as CallToolResult;
    expect(r.isError).toBeFalsy();
    expect(text(r, 0)).toContain('Confirm it in the console: /orchestrator');
    const { action, confirm_in } = r.structuredContent as { action: unknown; confirm_in: string };
    const a = pendingAction.parse(action);
    expect(a).toMatchObject({ tool: 'hold_order', status: 'pending', count: 1, summary: `Put order ${order} on hold` });
    expect(text(r, 0)).toContain(a.id);
    expect(await holdReason(order)).toBeNull();

    // the proposal is in the member's conversations, where the console shows Confirm
    const conversationId = /\?c=([0-9a-f-]{36})$/.exec(confirm_in)![1];
    const msgs = await callAs(h, SELLER, 'GET', `/api/orchestrator/conversations/${conversationId}/messages`);
    expect(msgs.status).toBe(200);
    expect(msgs.body.data.at(-1).tool_calls[0].action).toMatchObject({ id: a.id, status: 'pending' });

    expect((await callAs(h, ADMIN, 'POST', `/api/orchestrator/actions/${a.id}/confirm`)).status).toBe(404);
    const confirmed = await callAs(h, SELLER, 'POST', `/api/orchestrator/actions/${a.id}/confirm`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(pendingAction.parse(confirmed.body.data)).toMatchObject({ status: 'confirmed', error: null });
    expect(await holdReason(order)).not.toBeNull();
  });

  it('refuses a danger tool while the build switch is off, and a tool the role may not use, in words', async () => {
    const admin = (await (await as(ADMIN)).callTool({ name: 'discard_failed_messages', arguments: {} })) as CallToolResult;
    expect(admin.isError).toBe(true);
    expect(text(admin)).toMatch(/switched off in this build.*ORCHESTRATOR_DANGER=on/);
    const seller = (await (await as(SELLER)).callTool({ name: 'replay_failed_messages', arguments: {} })) as CallToolResult;
    expect(seller.isError).toBe(true);
    expect(text(seller)).toMatch(/Your role cannot use/);
  });
});

describe('refusals', () => {
  it('no token or a bad one: 401', async () => {
    const none = await connect().then(() => null, (e: unknown) => e as { code?: number; message: string });
    expect(none?.code).toBe(401);
    expect(none?.message).toMatch(/requires a valid Bearer token/);
    const bad = await connect('Bearer not-a-token').then(() => null, (e: unknown) => e as { code?: number; message: string });
    expect(bad?.code).toBe(401);
    expect(bad?.message).toMatch(/Invalid or expired access token/);
    const res = await fetch(`${h.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(res.status).toBe(401);
    expect((await res.json()).error.message).toMatch(/requires a valid Bearer token/);
    // stateless: no GET stream to open (the client expects 405), never the console's index.html
    expect((await fetch(`${h.url}/mcp`, { headers: { accept: 'text/event-stream' } })).status).toBe(405);
  });

  it('the store\'s orchestrator flag off: 409 in words, for that store only', async () => {
    expect((await callAs(h, NORTHWIND, 'PUT', '/api/flags/enableOrchestrator', { enabled: false })).status).toBe(200);
    try {
      const refused = await as(NORTHWIND).then(() => null, (e: unknown) => e as { code?: number; message: string });
      expect(refused?.code).toBe(409);
      expect(refused?.message).toMatch(/The AI Orchestrator is turned off for this store/);
      expect((await (await as(ADMIN)).listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      expect((await callAs(h, NORTHWIND, 'PUT', '/api/flags/enableOrchestrator', { enabled: true })).status).toBe(200);
    }
    expect((await (await as(NORTHWIND)).listTools()).tools.length).toBeGreaterThan(0);
  });

  it('the store\'s beta features off: 409 saying how to turn them on, for that store only', async () => {
    const bearer = async (email: string) => `Bearer ${await tokenFor(h, email)}`;
    const list = (authorization: string) =>
      fetch(`${h.url}/mcp`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
    // each store's switch in turn: the other store's clients keep working (no flag leaks across tenants)
    for (const [off, on] of [[NORTHWIND, ADMIN], [ADMIN, NORTHWIND]]) {
      expect((await callAs(h, off, 'PUT', '/api/flags/enableBetaFeatures', { enabled: false })).status).toBe(200);
      try {
        const refused = await as(off).then(() => null, (e: unknown) => e as { code?: number; message: string });
        expect(refused?.code).toBe(409);
        expect(refused?.message).toMatch(/The MCP server is a beta feature, and beta features are turned off for this store .*An administrator can turn them on at \/flags/);
        const res = await list(await bearer(off));
        expect(res.status).toBe(409);
        expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32001, message: expect.stringMatching(/beta features are turned off/), data: { code: 'feature_disabled' } } });
        expect((await (await as(on)).listTools()).tools.length).toBeGreaterThan(0);
        // the orchestrator's own API is not beta: it still answers the store whose beta features are off
        expect((await callAs(h, off, 'GET', '/api/orchestrator/tools')).status).toBe(200);
      } finally {
        expect((await callAs(h, off, 'PUT', '/api/flags/enableBetaFeatures', { enabled: true })).status).toBe(200);
      }
      expect((await (await as(off)).listTools()).tools.length).toBeGreaterThan(0);
    }
  });
});
