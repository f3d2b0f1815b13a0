/**
 * The AI orchestrator over HTTP on a real database (docs/orchestrator.md): a conversation answered
 * with a table for a read request (JSON and streamed); a write only proposes (nothing changes until
 * the member confirms), runs once on a double confirm, for the same member only, not after 10
 * minutes (409); a role without the tool's permission is refused; danger tools are refused while the
 * build's switch is off; the enableOrchestrator flag off answers 409 on every route. On PGlite and
 * (TEST_DATABASE_URL) on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, headersFor } from './tokens';
import { message as messageSchema, pendingAction, toolInfo, type Message, type ToolCall } from '../../contract/orchestrator';
import { listAnswer, oneAnswer } from '../../contract/api';
import { conversation } from '../../contract/orchestrator';

let h: Harness;
const ADMIN = 'admin@demo.local';
const AGENT = 'agent@demo.local';
const SELLER = 'seller@demo.local';
const NORTHWIND = 'owner@northwind.local';
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);

beforeAll(async () => {
  h = await startServer();
}, 120_000);
afterAll(async () => h?.close());

async function newConversation(email: string, title?: string): Promise<string> {
  const r = await call(email, 'POST', '/api/orchestrator/conversations', title === undefined ? {} : { title });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return oneAnswer(conversation).parse(r.body).data.id;
}

async function ask(email: string, conversationId: string, text: string): Promise<Message> {
  const r = await call(email, 'POST', `/api/orchestrator/conversations/${conversationId}/messages`, { text });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return oneAnswer(messageSchema).parse(r.body).data;
}

const db = <T>(fn: (q: (sql: string, params?: unknown[]) => Promise<T[]>) => Promise<unknown>) =>
  h.db.transaction((tx) => fn(async (sql, params) => (await tx.query<T>(sql, params)).rows) as Promise<unknown>, { tenantId: DEMO_TENANT.id });

async function pendingOrder(): Promise<string> {
  return (await db<{ id: string }>((q) => q("select id from orders where tenant_id = $1 and status = 'pending' and hold_reason is null order by id limit 1", [DEMO_TENANT.id]).then((r) => r[0].id))) as string;
}
const holdReason = async (id: string) => (await db<{ hold_reason: string | null }>((q) => q('select hold_reason from orders where tenant_id = $1 and id = $2', [DEMO_TENANT.id, id]).then((r) => r[0].hold_reason))) as string | null;
const holdAudits = async (id: string) =>
  Number(await db<{ n: string }>((q) => q("select count(*) as n from audit_log where tenant_id = $1 and resource_id = $2 and action ilike '%hold%'", [DEMO_TENANT.id, id]).then((r) => r[0].n)));

/** Reads a text/event-stream answer into its events. */
async function stream(email: string, conversationId: string, text: string): Promise<{ event: string; data: unknown }[]> {
  const res = await fetch(`${h.url}/api/orchestrator/conversations/${conversationId}/messages`, {
    method: 'POST', headers: { ...(await headersFor(h, email)), accept: 'text/event-stream' }, body: JSON.stringify({ text }),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const body = await res.text();
  return body.split('\n\n').filter(Boolean).map((block) => {
    const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
    const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
    return { event, data: JSON.parse(data) };
  });
}

describe('tools', () => {
  it('lists only the tools the role may use, each with its JSON Schema; danger tools unavailable in words while the switch is off', async () => {
    const admin = await call(ADMIN, 'GET', '/api/orchestrator/tools');
    expect(admin.status).toBe(200);
    const tools = admin.body.data.map((t: unknown) => toolInfo.parse(t));
    const byName = Object.fromEntries(tools.map((t: { name: string }) => [t.name, t]));
    expect(byName.find_orders).toMatchObject({ writes: false, danger: false, available: true, unavailable_reason: null });
    expect(byName.find_orders.input_schema).toMatchObject({ type: 'object', properties: { status: { enum: expect.arrayContaining(['pending']) } } });
    expect(byName.hold_order).toMatchObject({ writes: true, danger: false, available: true });
    expect(byName.discard_failed_messages).toMatchObject({ writes: true, danger: true, available: false });
    expect(byName.discard_failed_messages.unavailable_reason).toMatch(/switched off in this build.*ORCHESTRATOR_DANGER=on/);
    expect(byName.approve_price_proposals.available).toBe(false);

    const seller = (await call(SELLER, 'GET', '/api/orchestrator/tools')).body.data.map((t: { name: string }) => t.name);
    expect(seller).toContain('find_orders');
    expect(seller).not.toContain('replay_failed_messages');
    expect(seller).not.toContain('find_failed_messages');
    const agent = (await call(AGENT, 'GET', '/api/orchestrator/tools')).body.data.map((t: { name: string }) => t.name);
    expect(agent).toContain('replay_failed_messages');
    expect(agent).not.toContain('score_suppliers');

    const s = await call(SELLER, 'GET', '/api/orchestrator/suggestions');
    expect(s.status).toBe(200);
    expect(s.body.data.length).toBeGreaterThan(0);
    expect(s.body.data.map((x: { text: string }) => x.text).join(' ')).not.toMatch(/Replay/);
  });
});

describe('conversations', () => {
  it('are the caller\'s own, newest first; another member\'s is not found', async () => {
    const a = await newConversation(SELLER, 'Stock questions');
    const b = await newConversation(SELLER);
    const list = await call(SELLER, 'GET', '/api/orchestrator/conversations');
    expect(list.status).toBe(200);
    const rows = listAnswer(conversation).parse(list.body).data;
    expect(rows.map((r) => r.id).slice(0, 2)).toEqual([b, a]);
    expect(rows.find((r) => r.id === a)?.title).toBe('Stock questions');
    expect(rows.find((r) => r.id === b)?.title).toBe('New conversation');
    expect((await call(AGENT, 'GET', '/api/orchestrator/conversations')).body.data.map((r: { id: string }) => r.id)).not.toContain(a);
    expect((await call(AGENT, 'GET', `/api/orchestrator/conversations/${a}/messages`)).status).toBe(404);
    expect((await call(NORTHWIND, 'POST', `/api/orchestrator/conversations/${a}/messages`, { text: 'hello' })).status).toBe(404);
    expect((await call(SELLER, 'POST', `/api/orchestrator/conversations/${a}/messages`, { text: '' })).status).toBe(400);
  });

  it('answers a read request with a table of the records the API has, and stores both messages with the tool call', async () => {
    const c = await newConversation(SELLER);
    const m = await ask(SELLER, c, 'show pending orders from eBay over $100');
    expect(m.role).toBe('assistant');
    expect(m.tool_calls).toHaveLength(1);
    const tc = m.tool_calls[0];
    expect(tc).toMatchObject({ tool: 'find_orders', input: { status: 'pending', marketplace: 'ebay', min_total_cents: 10000 }, status: 'done', action: null, error: null });
    expect(tc.result?.kind).toBe('table');
    if (tc.result?.kind !== 'table') return;
    const direct = await call(SELLER, 'GET', '/api/orders?status=pending&marketplace=ebay&sort=total&order=desc&limit=500');
    const expected = (direct.body.data as { id: string; total: number }[]).filter((o) => o.total >= 100);
    expect(expected.length).toBeGreaterThan(0);
    expect(tc.result.total).toBe(expected.length);
    expect(tc.result.rows.map((r) => r.id)).toEqual(expected.slice(0, 20).map((o) => o.id));
    for (const r of tc.result.rows) expect(r).toMatchObject({ marketplace: 'eBay', status: 'Pending', _link: `/orders?id=${r.id as string}` });
    expect(m.text).toContain(`${expected.length} result`);

    const stored = await call(SELLER, 'GET', `/api/orchestrator/conversations/${c}/messages`);
    const msgs = listAnswer(messageSchema).parse(stored.body).data;
    expect(msgs.map((x) => [x.role, x.text])).toEqual([['user', 'show pending orders from eBay over $100'], ['assistant', m.text]]);
    expect(msgs[1].tool_calls).toEqual(m.tool_calls);
    // the conversation took its first request as its title
    expect((await call(SELLER, 'GET', '/api/orchestrator/conversations')).body.data.find((x: { id: string }) => x.id === c).title).toBe('show pending orders from eBay over $100');
  });

  it('streams the answer as server-sent events: the user message, the tool call, the words, then the stored answer', async () => {
    const c = await newConversation(ADMIN);
    const events = await stream(ADMIN, c, 'what needs my attention?');
    const names = events.map((e) => e.event);
    expect(names[0]).toBe('message');
    expect(names[1]).toBe('tool_call');
    expect(names.at(-1)).toBe('done');
    expect(names.filter((n) => n === 'token').length).toBeGreaterThan(1);
    expect((events[1].data as ToolCall)).toMatchObject({ tool: 'summarise_today', status: 'done', result: { kind: 'card' } });
    const done = messageSchema.parse(events.at(-1)!.data);
    expect(events.filter((e) => e.event === 'token').map((e) => (e.data as { text: string }).text).join('')).toBe(done.text);
    const stored = listAnswer(messageSchema).parse((await call(ADMIN, 'GET', `/api/orchestrator/conversations/${c}/messages`)).body).data;
    expect(stored.at(-1)).toEqual(done);
  });

  it('answers what it cannot do with requests it understands', async () => {
    const c = await newConversation(SELLER);
    const m = await ask(SELLER, c, 'write me a poem about shipping');
    expect(m.tool_calls).toEqual([]);
    expect(m.text).toMatch(/^I can't do that yet; try "/);
  });
});

describe('every read tool answers from the API', () => {
  it('runs each read tool for a plain request and answers with its table or card', async () => {
    const order = await pendingOrder();
    const supplier = (await db<{ name: string }>((q) => q('select name from suppliers where tenant_id = $1 order by name limit 1', [DEMO_TENANT.id]).then((r) => r[0].name))) as string;
    const sku = (await db<{ sku: string }>((q) => q("select sku from listings where tenant_id = $1 and sku ~ '^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$' and sku ~ '[0-9]' order by sku limit 1", [DEMO_TENANT.id]).then((r) => r[0].sku))) as string;
    const c = await newConversation(ADMIN);
    const cases: [string, string, 'table' | 'card' | 'text'][] = [
      ['show low stock products', 'find_products', 'table'],
      ['show listings with a MAP violation on Walmart', 'find_listings', 'table'],
      ['show active listings on Amazon', 'find_listings', 'table'],
      ['show tier-1 suppliers', 'find_suppliers', 'table'],
      ['show rejected purchase orders', 'find_purchase_orders', 'table'],
      ['show requested returns', 'find_returns', 'table'],
      ['show open critical alerts', 'find_alerts', 'table'],
      ['list failed label purchases from today', 'find_failed_messages', 'table'],
      [`what happened to order ${order}?`, 'explain_order', 'table'],
      [`why did ${sku}'s price change?`, 'explain_price_change', 'card'],
      [`what is supplier ${supplier}'s score?`, 'supplier_score', 'card'],
      ['am I eligible for capital?', 'check_capital_eligibility', 'card'],
      ['show delivered orders from last month', 'find_orders', 'table'],
    ];
    for (const [text, tool, kind] of cases) {
      const m = await ask(ADMIN, c, text);
      expect(m.tool_calls[0], text).toMatchObject({ tool, status: 'done', error: null });
      if (tool !== 'explain_price_change') expect(m.tool_calls[0].result?.kind, text).toBe(kind);
      else expect(['card', 'text'], text).toContain(m.tool_calls[0].result?.kind);
    }
    // the order's timeline is the one GET /orders/:id/timeline gives
    const timeline = await call(ADMIN, 'GET', `/api/orders/${order}/timeline`);
    const m = await ask(ADMIN, c, `timeline of ${order}`);
    expect(m.tool_calls[0].result).toMatchObject({ kind: 'table', total: timeline.body.data.length });
  });
});

describe('writes wait for the member\'s confirmation', () => {
  it('proposes, changes nothing, then runs once on a double confirm, as the same member only', async () => {
    const order = await pendingOrder();
    const c = await newConversation(SELLER);
    const m = await ask(SELLER, c, `hold order ${order}`);
    const tc = m.tool_calls[0];
    expect(tc).toMatchObject({ tool: 'hold_order', status: 'pending_confirmation', result: null });
    const action = pendingAction.parse(tc.action);
    expect(action).toMatchObject({ tool: 'hold_order', status: 'pending', count: 1, summary: `Put order ${order} on hold`, preview: [{ id: order, status: 'Pending' }] });
    expect(Date.parse(action.expires_at) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(m.text).toMatch(/once you confirm/);
    // nothing changed yet
    expect(await holdReason(order)).toBeNull();
    expect(await holdAudits(order)).toBe(0);

    // another member (even an administrator) cannot confirm or cancel it
    expect((await call(ADMIN, 'POST', `/api/orchestrator/actions/${action.id}/confirm`)).status).toBe(404);
    expect((await call(NORTHWIND, 'POST', `/api/orchestrator/actions/${action.id}/cancel`)).status).toBe(404);

    const [a, b] = await Promise.all([
      call(SELLER, 'POST', `/api/orchestrator/actions/${action.id}/confirm`),
      call(SELLER, 'POST', `/api/orchestrator/actions/${action.id}/confirm`),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const after = await call(SELLER, 'POST', `/api/orchestrator/actions/${action.id}/confirm`);
    expect(pendingAction.parse(after.body.data)).toMatchObject({ id: action.id, status: 'confirmed', result: { kind: 'text', text: `Order ${order} is on hold.` }, error: null });
    expect(await holdReason(order)).not.toBeNull();
    expect(await holdAudits(order)).toBe(1);
    // the stored message shows the action as it is now; a cancel after it changes nothing
    const stored = listAnswer(messageSchema).parse((await call(SELLER, 'GET', `/api/orchestrator/conversations/${c}/messages`)).body).data;
    expect(stored.at(-1)!.tool_calls[0].action?.status).toBe('confirmed');
    expect((await call(SELLER, 'POST', `/api/orchestrator/actions/${action.id}/cancel`)).body.data.status).toBe('confirmed');
  });

  it('a cancelled proposal never runs; an expired one answers 409 and is shown expired', async () => {
    const order = await pendingOrder();
    const c = await newConversation(SELLER);
    const first = pendingAction.parse((await ask(SELLER, c, `hold order ${order}`)).tool_calls[0].action);
    const cancelled = await call(SELLER, 'POST', `/api/orchestrator/actions/${first.id}/cancel`);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect((await call(SELLER, 'POST', `/api/orchestrator/actions/${first.id}/confirm`)).body.data.status).toBe('cancelled');
    expect(await holdReason(order)).toBeNull();

    const second = pendingAction.parse((await ask(SELLER, c, `hold order ${order}`)).tool_calls[0].action);
    await db((q) => q("update orchestrator_actions set expires_at = now() - interval '1 second' where tenant_id = $1 and id = $2", [DEMO_TENANT.id, second.id]));
    const late = await call(SELLER, 'POST', `/api/orchestrator/actions/${second.id}/confirm`);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'action_expired', message: expect.stringMatching(/within 10 minutes/) });
    expect(await holdReason(order)).toBeNull();
    const stored = listAnswer(messageSchema).parse((await call(SELLER, 'GET', `/api/orchestrator/conversations/${c}/messages`)).body).data;
    expect(stored.at(-1)!.tool_calls[0].action?.status).toBe('expired');
  });

  it('refuses a tool the role may not use, and danger tools while the build switch is off', async () => {
    const c = await newConversation(SELLER);
    const refused = await ask(SELLER, c, 'replay failed label purchases from today');
    expect(refused.tool_calls[0]).toMatchObject({ tool: 'replay_failed_messages', status: 'refused', action: null });
    expect(refused.tool_calls[0].error).toMatch(/needs the ops:dlq permission/);
    expect(refused.text).toBe(refused.tool_calls[0].error);

    const a = await newConversation(ADMIN);
    const danger = await ask(ADMIN, a, 'approve the pending price proposals');
    expect(danger.tool_calls[0]).toMatchObject({ tool: 'approve_price_proposals', status: 'refused' });
    expect(danger.tool_calls[0].error).toMatch(/switched off in this build/);
    const n = await db<{ n: string }>((q) => q('select count(*) as n from orchestrator_actions where tenant_id = $1 and tool in ($2, $3)', [DEMO_TENANT.id, 'replay_failed_messages', 'approve_price_proposals']).then((r) => Number(r[0].n)));
    expect(n).toBe(0);

    // switched on, the same request proposes (and still waits for the confirmation)
    h.config.orchestratorDanger = true;
    try {
      expect((await call(ADMIN, 'GET', '/api/orchestrator/tools')).body.data.find((t: { name: string }) => t.name === 'approve_price_proposals').available).toBe(true);
      const on = await ask(ADMIN, a, 'approve the pending price proposals');
      expect(['pending_confirmation', 'done']).toContain(on.tool_calls[0].status);
    } finally {
      h.config.orchestratorDanger = false;
    }
  });
});

describe('other writes', () => {
  it('scores every supplier after the confirmation; a write with nothing to change says so and proposes nothing', async () => {
    const c = await newConversation(ADMIN);
    const m = await ask(ADMIN, c, 'rescore all suppliers');
    expect(m.tool_calls[0]).toMatchObject({ tool: 'score_suppliers', status: 'pending_confirmation', action: { count: 1 } });
    const done = await call(ADMIN, 'POST', `/api/orchestrator/actions/${m.tool_calls[0].action!.id}/confirm`);
    expect(done.body.data).toMatchObject({ status: 'confirmed', result: { kind: 'text', text: expect.stringMatching(/^Scored \d+ suppliers?; \d+ changed\.$/) } });

    const a = await newConversation(AGENT);
    const none = await ask(AGENT, a, 'replay failed label purchases from today');
    expect(none.tool_calls[0]).toMatchObject({ tool: 'replay_failed_messages', status: 'done', action: null, result: { kind: 'text', text: expect.stringMatching(/^Nothing to change: replay 0 failed messages of dropship-labels since /) } });
  });

  it('an order that cannot be found is a failed call in words, nothing proposed', async () => {
    const c = await newConversation(SELLER);
    const m = await ask(SELLER, c, 'hold order ORD-999999999');
    expect(m.tool_calls[0]).toMatchObject({ tool: 'hold_order', status: 'failed', action: null, error: 'Order not found' });
    expect(m.text).toBe('That did not work: Order not found');
  });
});

describe('bulk writes', () => {
  it('a write touching more than 50 objects is refused while the danger switch is off, saying how many', async () => {
    const c = await newConversation(ADMIN);
    const m = await ask(ADMIN, c, 'pause all listings');
    expect(m.tool_calls[0]).toMatchObject({ tool: 'pause_listings', status: 'refused', action: null });
    expect(m.tool_calls[0].error).toMatch(/This would change \d+ objects; more than 50 at once is a bulk action, switched off in this build/);
    const active = await db<{ n: string }>((q) => q("select count(*) as n from listings where tenant_id = $1 and status = 'active'", [DEMO_TENANT.id]).then((r) => Number(r[0].n)));
    expect(m.tool_calls[0].error).toContain(`change ${active as number} objects`);
  });

  it('pauses the one listing asked for, through the listings bulk action, after the confirmation', async () => {
    const one = (await db<{ sku: string; kind: string }>((q) => q(
      `select l.sku, a.kind from listings l join marketplace_accounts a on a.tenant_id = l.tenant_id and a.id = l.marketplace_id
        where l.tenant_id = $1 and l.status = 'active' and l.sku ~ '^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$' and l.sku ~ '[0-9]'
        group by l.sku, a.kind having count(*) = 1 and bool_and(true) order by l.sku limit 1`, [DEMO_TENANT.id]).then((r) => r[0]))) as { sku: string; kind: string };
    const { sku, kind } = one;
    const status = async () => (await db<{ status: string }>((q) => q(
      'select l.status from listings l join marketplace_accounts a on a.id = l.marketplace_id where l.tenant_id = $1 and l.sku = $2 and a.kind = $3', [DEMO_TENANT.id, sku, kind]).then((r) => r[0].status))) as string;
    const c = await newConversation(SELLER);
    const m = await ask(SELLER, c, `pause listing ${sku} on ${kind}`);
    expect(m.tool_calls[0]).toMatchObject({ tool: 'pause_listings', input: { sku, marketplace: kind }, status: 'pending_confirmation', action: { count: 1, preview: [{ sku }] } });
    expect(await status()).toBe('active');
    const done = await call(SELLER, 'POST', `/api/orchestrator/actions/${m.tool_calls[0].action!.id}/confirm`);
    expect(done.body.data).toMatchObject({ status: 'confirmed', result: { kind: 'text', text: 'Paused 1 listing.' } });
    expect(await status()).toBe('paused');
  });
});

describe('the enableOrchestrator flag', () => {
  it('off: every route answers 409 feature_disabled in words', async () => {
    const c = await newConversation(SELLER);
    expect((await call(ADMIN, 'PUT', '/api/flags/enableOrchestrator', { enabled: false })).status).toBe(200);
    try {
      const uuid = '00000000-0000-4000-8000-000000000000';
      for (const [method, path, body] of [
        ['GET', '/api/orchestrator/tools'], ['GET', '/api/orchestrator/suggestions'], ['GET', '/api/orchestrator/conversations'], ['POST', '/api/orchestrator/conversations', {}],
        ['GET', `/api/orchestrator/conversations/${c}/messages`], ['POST', `/api/orchestrator/conversations/${c}/messages`, { text: 'what needs my attention?' }],
        ['POST', `/api/orchestrator/actions/${uuid}/confirm`], ['POST', `/api/orchestrator/actions/${uuid}/cancel`],
      ] as [string, string, unknown?][]) {
        const r = await call(SELLER, method, path, body);
        expect(r.status, `${method} ${path}`).toBe(409);
        expect(r.body).toMatchObject({ code: 'feature_disabled', message: expect.stringMatching(/The AI Orchestrator is turned off for this store/) });
      }
    } finally {
      expect((await call(ADMIN, 'PUT', '/api/flags/enableOrchestrator', { enabled: true })).status).toBe(200);
    }
    expect((await call(SELLER, 'GET', '/api/orchestrator/tools')).status).toBe(200);
  });
});
