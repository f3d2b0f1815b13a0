/**
 * The model engine (docs/orchestrator.md "Engines"): with LLM_BASE_URL set, an OpenAI-compatible
 * chat-completions model drives the same tools. A local stub speaks the documented streaming
 * shapes — a tool call streamed in pieces, then, given the tool's result, an answer streamed token
 * by token. The model is offered only the tools the member may use; a write it asks for still only
 * proposes; a refused tool is refused; closing the request stops the answer and keeps what was said.
 * On PGlite and (TEST_DATABASE_URL) on PostgreSQL.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, headersFor } from './tokens';
import { listAnswer, oneAnswer } from '../../contract/api';
import { message as messageSchema } from '../../contract/orchestrator';
import { waitFor } from './wait-for';

let h: Harness;
let stub: Server;
const SELLER = 'seller@demo.local';
const ADMIN = 'admin@demo.local';

interface Seen { headers: IncomingMessage['headers']; body: { model: string; stream: boolean; messages: { role: string; content: string | null; tool_call_id?: string }[]; tools?: { function: { name: string } }[] } }
const seen: Seen[] = [];
let closedEarly = 0;

const chunk = (delta: unknown, finish: string | null = null) => `data: ${JSON.stringify({ id: 'chatcmpl-stub', object: 'chat.completion.chunk', created: 1, model: 'stub-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

/** Streams a tool call (its arguments in two pieces), or, once the tool answered, the words. */
function reply(res: ServerResponse, body: Seen['body']) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const user = [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const answered = body.messages.some((m) => m.role === 'tool');
  if (user.startsWith('slow')) {
    res.write(chunk({ role: 'assistant', content: 'Partial ' }));
    res.on('close', () => void (closedEarly += 1));
    return; // never ends: the member closes the request
  }
  if (!answered) {
    const [tool, args] = user.startsWith('hold ') ? ['hold_order', JSON.stringify({ order_id: user.slice(5) })] : user.startsWith('discard') ? ['discard_failed_messages', '{}'] : ['find_orders', JSON.stringify({ status: 'pending' })];
    const half = Math.floor(args.length / 2);
    res.write(chunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: tool, arguments: '' } }] }));
    res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(0, half) } }] }));
    res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(half) } }] }));
    res.write(chunk({}, 'tool_calls'));
  } else {
    for (const piece of ['Here are ', 'your ', 'results.']) res.write(chunk({ content: piece }));
    res.write(chunk({}, 'stop'));
  }
  res.end('data: [DONE]\n\n');
}

beforeAll(async () => {
  stub = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions') return void res.writeHead(404).end();
      const body = JSON.parse(raw) as Seen['body'];
      seen.push({ headers: req.headers, body });
      reply(res, body);
    });
  });
  await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
  h = await startServer({ llm: { baseUrl: `http://127.0.0.1:${(stub.address() as AddressInfo).port}/v1`, apiKey: 'stub-key', model: 'stub-model' } });
}, 120_000);
afterAll(async () => {
  await h?.close();
  stub?.closeAllConnections();
  await new Promise((r) => stub?.close(r));
});

async function conversationOf(email: string) {
  return (await callAs(h, email, 'POST', '/api/orchestrator/conversations', {})).body.data.id as string;
}

describe('an OpenAI-compatible model drives the tools', () => {
  it('tool call → result → answer, streamed; the model sees only the tools the member may use', async () => {
    seen.length = 0;
    const c = await conversationOf(SELLER);
    const res = await fetch(`${h.url}/api/orchestrator/conversations/${c}/messages`, { method: 'POST', headers: { ...(await headersFor(h, SELLER)), accept: 'text/event-stream' }, body: JSON.stringify({ text: 'pending orders please' }) });
    const events = (await res.text()).split('\n\n').filter(Boolean).map((b) => ({ event: /^event: (.*)$/m.exec(b)![1], data: JSON.parse(/^data: (.*)$/m.exec(b)![1]) }));
    expect(events.map((e) => e.event)).toEqual(['message', 'tool_call', 'token', 'token', 'token', 'done']);
    expect(events[1].data).toMatchObject({ tool: 'find_orders', input: { status: 'pending' }, status: 'done', result: { kind: 'table' } });
    expect(events.filter((e) => e.event === 'token').map((e) => e.data.text)).toEqual(['Here are ', 'your ', 'results.']);
    const done = messageSchema.parse(events.at(-1)!.data);
    expect(done.text).toBe('Here are your results.');

    // what the model was sent: the member's tools only, then the tool's result under its call id
    expect(seen).toHaveLength(2);
    expect(seen[0].headers.authorization).toBe('Bearer stub-key');
    expect(seen[0].body).toMatchObject({ model: 'stub-model', stream: true });
    const offered = seen[0].body.tools!.map((t) => t.function.name);
    expect(offered).toContain('find_orders');
    expect(offered).not.toContain('replay_failed_messages'); // the seller has no ops:dlq
    expect(offered).not.toContain('discard_failed_messages'); // danger off
    const toolMsg = seen[1].body.messages.find((m) => m.role === 'tool')!;
    expect(toolMsg.tool_call_id).toBe('call_1');
    expect(JSON.parse(toolMsg.content!)).toMatchObject({ status: 'done', result: { kind: 'table' } });

    const stored = listAnswer(messageSchema).parse((await callAs(h, SELLER, 'GET', `/api/orchestrator/conversations/${c}/messages`)).body).data;
    expect(stored.at(-1)).toEqual(done);
  });

  it('a write the model asks for only proposes; a tool the build keeps off is refused', async () => {
    const order = (await h.db.transaction((tx) => tx.query<{ id: string }>("select id from orders where tenant_id = $1 and status = 'pending' and hold_reason is null order by id desc limit 1", [DEMO_TENANT.id]), { tenantId: DEMO_TENANT.id })).rows[0].id;
    const c = await conversationOf(SELLER);
    const r = await callAs(h, SELLER, 'POST', `/api/orchestrator/conversations/${c}/messages`, { text: `hold ${order}` });
    expect(r.status).toBe(201);
    const m = oneAnswer(messageSchema).parse(r.body).data;
    expect(m.tool_calls[0]).toMatchObject({ tool: 'hold_order', status: 'pending_confirmation', action: { status: 'pending', count: 1 } });
    const held = await h.db.transaction((tx) => tx.query<{ hold_reason: string | null }>('select hold_reason from orders where tenant_id = $1 and id = $2', [DEMO_TENANT.id, order]), { tenantId: DEMO_TENANT.id });
    expect(held.rows[0].hold_reason).toBeNull();

    const a = await conversationOf(ADMIN);
    const d = oneAnswer(messageSchema).parse((await callAs(h, ADMIN, 'POST', `/api/orchestrator/conversations/${a}/messages`, { text: 'discard everything' })).body).data;
    expect(d.tool_calls[0]).toMatchObject({ tool: 'discard_failed_messages', status: 'refused', error: expect.stringMatching(/switched off in this build/) });
  });

  it('closing the request stops the answer; what was said so far is stored', async () => {
    const c = await conversationOf(SELLER);
    const ac = new AbortController();
    const res = await fetch(`${h.url}/api/orchestrator/conversations/${c}/messages`, { method: 'POST', headers: { ...(await headersFor(h, SELLER)), accept: 'text/event-stream' }, body: JSON.stringify({ text: 'slow answer' }), signal: ac.signal });
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('event: token')) text += new TextDecoder().decode((await reader.read()).value);
    ac.abort();
    // the server stopped asking the model, and stored the answer so far
    await waitFor(() => closedEarly === 1, 'the model request to close');
    const msgs = await waitFor(async () => {
      const m = listAnswer(messageSchema).parse((await callAs(h, SELLER, 'GET', `/api/orchestrator/conversations/${c}/messages`)).body).data;
      return m.length === 2 && m;
    }, 'the answer to be stored');
    expect(msgs.map((m) => [m.role, m.text])).toEqual([['user', 'slow answer'], ['assistant', 'Partial ']]);
  });
});
