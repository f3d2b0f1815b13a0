// @vitest-environment jsdom
/**
 * /orchestrator, the chat with the assistant (docs/orchestrator.md "Console"): conversations listed
 * and opened, a question sent with Enter (Shift+Enter a new line), the streamed answer's tokens shown
 * in order as they arrive, tool results as tables with links, a proposed change confirmed or
 * cancelled (and an expired one), Stop aborting the request, errors with Retry, suggested questions
 * and the palette's page actions. Fetch stubbed behind the real API client; the answer is a
 * text/event-stream body the test writes event by event.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));

import OrchestratorPage from '../../resources/orchestrator/orchestrator-page';
import orchestratorModule, { ATTENTION_QUESTION } from '../../resources/orchestrator';
import type { Conversation, Message, PendingAction, ToolCall } from '../../resources/orchestrator/types';
import { fakeApi, listOf, type Handler } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

vi.setConfig({ testTimeout: 60_000 });
pageTestHooks();

const T = '2026-11-28T10:00:00.000Z';
const conv = (id: string, title: string): Conversation => ({ id, title, created_at: T, updated_at: T });
const msg = (id: string, role: Message['role'], text: string, tool_calls: ToolCall[] = []): Message => ({ id, role, text, tool_calls, created_at: T });
const later = () => new Date(Date.now() + 10 * 60_000).toISOString();

const ORDERS_TABLE: ToolCall = {
  tool: 'list_orders',
  input: { status: 'pending' },
  status: 'done',
  action: null,
  error: null,
  result: {
    kind: 'table',
    title: 'Pending orders',
    columns: [{ key: 'id', title: 'Order' }, { key: 'customer', title: 'Customer' }, { key: 'total', title: 'Total' }],
    rows: [
      { id: 'ORD-100123', customer: 'Ada Lovelace', total: '$42.00', _link: '/orders?id=ORD-100123' },
      { id: 'ORD-100124', customer: 'Alan Turing', total: '$7.50', _link: '/orders?id=ORD-100124' },
    ],
    total: 12,
    link: '/orders?status=pending',
  },
};

const action = (over: Partial<PendingAction> = {}): PendingAction => ({
  id: 'act-1',
  tool: 'pause_listings',
  summary: 'Pause the listing SKU-RED-1',
  count: 1,
  preview: [{ sku: 'SKU-RED-1', title: 'Red mug', status: 'active' }],
  status: 'pending',
  expires_at: later(),
  result: null,
  error: null,
  ...over,
});
const proposing = (a: PendingAction): ToolCall => ({ tool: a.tool, input: { sku: 'SKU-RED-1' }, status: 'pending_confirmation', result: null, action: a, error: null });

/** An SSE body the test writes: `send(event, data)`, `end()`; an aborted request errors it. */
function sseBody(signal?: AbortSignal | null) {
  let ctrl!: ReadableStreamDefaultController<Uint8Array>;
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (ctrl = c) });
  signal?.addEventListener('abort', () => ctrl.error(new DOMException('The operation was aborted.', 'AbortError')));
  return {
    body,
    send: (event: string, data: unknown) => ctrl.enqueue(enc.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    end: () => ctrl.close(),
  };
}

interface StreamCall { path: string; text: string; headers: Headers; signal: AbortSignal | null | undefined; stream: ReturnType<typeof sseBody> }

/**
 * The console with the fake API: `stored` holds each conversation's messages (GET reads it), every
 * streamed question opens an SSE body the test drives (`streams`), or `refuse` answers it.
 */
function setup(opts: { conversations?: Conversation[]; stored?: Record<string, Message[]>; handlers?: Handler[]; path?: string; refuse?: () => { status: number; body: unknown } | undefined } = {}) {
  const conversations = opts.conversations ?? [];
  const stored = opts.stored ?? {};
  const api = fakeApi([
    ...(opts.handlers ?? []),
    (c) => (c.method === 'GET' && c.path === '/orchestrator/conversations' ? { body: listOf(conversations) } : undefined),
    (c) => {
      if (c.method !== 'POST' || c.path !== '/orchestrator/conversations') return undefined;
      const created = conv(`c${conversations.length + 1}`, (c.body as { title?: string }).title ?? 'New conversation');
      conversations.unshift(created);
      return { status: 201, body: { data: created } };
    },
    (c) => {
      const m = c.method === 'GET' && /^\/orchestrator\/conversations\/([^/]+)\/messages$/.exec(c.path);
      return m ? { body: listOf(stored[m[1]] ?? []) } : undefined;
    },
    (c) => (c.method === 'GET' && c.path === '/orchestrator/suggestions' ? { body: { data: [{ text: 'What needs my attention?' }, { text: 'Show pending orders' }] } } : undefined),
  ]);
  const inner = globalThis.fetch;
  const streams: StreamCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (headers.get('Accept') !== 'text/event-stream') return inner(input, init);
    const refused = opts.refuse?.();
    if (refused) return new Response(JSON.stringify(refused.body), { status: refused.status });
    const stream = sseBody(init.signal);
    streams.push({ path: new URL(input, window.location.origin).pathname, text: (JSON.parse(init.body as string) as { text: string }).text, headers, signal: init.signal, stream });
    return new Response(stream.body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  });
  renderConsole({ role: 'user', path: opts.path ?? '/orchestrator', route: '/orchestrator', page: <OrchestratorPage /> });
  return { api, streams, stored, conversations };
}

const box = () => screen.getByRole('textbox', { name: 'Ask the assistant' });
const log = () => screen.getByRole('log', { name: 'Messages' });
const streamNo = async (s: StreamCall[], n: number) => {
  await waitFor(() => expect(s.length).toBeGreaterThan(n));
  return s[n];
};

describe('/orchestrator', () => {
  it('an empty chat offers suggested questions; a click creates the conversation and asks it', async () => {
    const { api, streams, stored } = setup();
    expect(await screen.findByText('No conversations yet.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Suggested questions' });
    await userEvent.click(within(list).getByRole('button', { name: 'What needs my attention?' }));
    const s = await streamNo(streams, 0);
    expect(api.of('POST', '/orchestrator/conversations')[0].body).toEqual({ title: 'What needs my attention?' });
    expect(s.path).toBe('/api/orchestrator/conversations/c1/messages');
    expect(s.text).toBe('What needs my attention?');
    expect(s.headers.get('Authorization')).toBe('Bearer tok');
    expect(s.headers.get('X-Tenant-Id')).toBe('t1');
    expect(s.headers.get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/orchestrator?c=c1'));
    expect(within(log()).getByText('What needs my attention?')).toBeInTheDocument();

    // the new conversation's messages are read while the answer streams: the answer stays once done
    const user = msg('m1', 'user', 'What needs my attention?');
    const answer = msg('m2', 'assistant', 'Two orders wait for shipping.');
    act(() => s.stream.send('message', user));
    await waitFor(() => expect(api.of('GET', '/orchestrator/conversations/c1/messages').length).toBeGreaterThan(0));
    stored.c1 = [user, answer];
    act(() => {
      s.stream.send('token', { text: answer.text });
      s.stream.send('done', answer);
      s.stream.end();
    });
    await waitFor(() => expect(box()).toBeEnabled());
    await waitFor(() => expect(api.of('GET', '/orchestrator/conversations/c1/messages').length).toBeGreaterThan(1));
    expect(within(log()).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['YouWhat needs my attention?', 'AssistantTwo orders wait for shipping.']);
  });

  it('Enter sends, Shift+Enter adds a line; the box waits while the answer streams; tokens show in order as they arrive', async () => {
    const { streams, stored } = setup({ conversations: [conv('c1', 'Orders')], stored: { c1: [] } });
    await screen.findByRole('list', { name: 'Suggested questions' });
    await userEvent.type(box(), 'How many orders{Shift>}{Enter}{/Shift}are late?');
    expect(streams).toHaveLength(0);
    await userEvent.keyboard('{Enter}');
    const s = await streamNo(streams, 0);
    expect(s.text).toBe('How many orders\nare late?');
    expect(box()).toBeDisabled();
    expect(box()).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();

    const user = msg('m1', 'user', 'How many orders\nare late?');
    act(() => s.stream.send('message', user));
    act(() => s.stream.send('token', { text: 'Three orders ' }));
    await waitFor(() => expect(screen.getByTestId('answer-text')).toHaveTextContent(/^Three orders\s*▍?$/));
    act(() => s.stream.send('token', { text: 'are late: ' }));
    act(() => s.stream.send('token', { text: 'ship them today.' }));
    await waitFor(() => expect(screen.getByTestId('answer-text')).toHaveTextContent('Three orders are late: ship them today.'));

    stored.c1 = [user, msg('m2', 'assistant', 'Three orders are late: ship them today.')];
    act(() => {
      s.stream.send('done', stored.c1[1]);
      s.stream.end();
    });
    await waitFor(() => expect(box()).toBeEnabled());
    await waitFor(() => expect(within(log()).getAllByRole('listitem')).toHaveLength(2));
    expect(within(log()).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['You', 'Assistant']);
    expect(box()).toHaveFocus();
  });

  it('a table result: real rows linking to each order, and View all', async () => {
    const { streams } = setup({ conversations: [conv('c1', 'Orders')], stored: { c1: [] } });
    await screen.findByRole('list', { name: 'Suggested questions' });
    await userEvent.type(box(), 'Pending orders?{Enter}');
    const s = await streamNo(streams, 0);
    act(() => s.stream.send('tool_call', ORDERS_TABLE));
    const table = await screen.findByRole('table', { name: 'Pending orders' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Order', 'Customer', 'Total']);
    expect(within(table).getByRole('link', { name: 'ORD-100123' })).toHaveAttribute('href', '/orders?id=ORD-100123');
    expect(within(table).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/orders?status=pending');
    expect(screen.getByText('Showing 2 of 12.')).toBeInTheDocument();
  });

  it('a refused step says why once: in the answer\'s words, or as a warning when they do not say it', async () => {
    const why = 'This would change 91 listings; more than 50 at once is switched off.';
    const refused = (error: string): ToolCall => ({ tool: 'pause_listings', input: {}, status: 'refused', result: null, action: null, error });
    setup({
      conversations: [conv('c1', 'Bulk')],
      stored: { c1: [msg('m1', 'assistant', why, [refused(why)]), msg('m2', 'assistant', 'I did not do it.', [refused('Sellers may not replay messages.')])] },
    });
    expect(await within(log()).findByText('I did not do it.')).toBeInTheDocument();
    expect(within(log()).getAllByText(why)).toHaveLength(1);
    expect(within(log()).getByRole('alert')).toHaveTextContent('Sellers may not replay messages.');
  });

  it('a proposed change: summary, count, preview; Confirm runs it once and shows its result', async () => {
    const confirmed = action({ status: 'confirmed', result: { kind: 'text', text: 'Paused 1 listing.' } });
    const { api } = setup({
      conversations: [conv('c1', 'Pause')],
      stored: { c1: [msg('m1', 'user', 'Pause SKU-RED-1'), msg('m2', 'assistant', 'Shall I pause it?', [proposing(action())])] },
      handlers: [(c) => (c.method === 'POST' && c.path === '/orchestrator/actions/act-1/confirm' ? { body: { data: confirmed } } : undefined)],
    });
    const card = await screen.findByRole('group', { name: 'Confirm: Pause the listing SKU-RED-1' });
    expect(card).toHaveTextContent('1 record will change.');
    expect(card).toHaveTextContent('Waiting for you');
    expect(within(within(card).getByRole('table', { name: 'Preview' })).getByText('SKU-RED-1')).toBeInTheDocument();
    const confirm = within(card).getByRole('button', { name: 'Confirm' });
    await userEvent.dblClick(confirm);
    await waitFor(() => expect(card).toHaveTextContent('Paused 1 listing.'));
    expect(card).toHaveTextContent('Done');
    expect(within(card).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(api.of('POST', '/orchestrator/actions/act-1/confirm')).toHaveLength(1);
  });

  it('Cancel: nothing changes, and it says so', async () => {
    const { api } = setup({
      conversations: [conv('c1', 'Pause')],
      stored: { c1: [msg('m2', 'assistant', '', [proposing(action())])] },
      handlers: [(c) => (c.method === 'POST' && c.path === '/orchestrator/actions/act-1/cancel' ? { body: { data: action({ status: 'cancelled' }) } } : undefined)],
    });
    const card = await screen.findByRole('group', { name: 'Confirm: Pause the listing SKU-RED-1' });
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(card).toHaveTextContent('Cancelled: nothing was changed.'));
    expect(api.of('POST', '/orchestrator/actions/act-1/confirm')).toHaveLength(0);
  });

  it('expired: one past its time offers no Confirm; a late confirm shows the server\'s words', async () => {
    setup({
      conversations: [conv('c1', 'Pause')],
      stored: { c1: [msg('m2', 'assistant', '', [proposing(action({ id: 'old', expires_at: '2020-01-01T00:00:00.000Z', summary: 'Pause SKU-OLD' })), proposing(action())])] },
      handlers: [(c) => (c.method === 'POST' && c.path === '/orchestrator/actions/act-1/confirm' ? { status: 409, body: { code: 'action_expired', message: 'This action expired: ask again.' } } : undefined)],
    });
    const old = await screen.findByRole('group', { name: 'Confirm: Pause SKU-OLD' });
    expect(old).toHaveTextContent('Expired');
    expect(within(old).queryByRole('button', { name: 'Confirm' })).toBeNull();
    const card = screen.getByRole('group', { name: 'Confirm: Pause the listing SKU-RED-1' });
    await userEvent.click(within(card).getByRole('button', { name: 'Confirm' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('This action expired: ask again.');
    expect(card).toHaveTextContent('Expired');
    expect(within(card).queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('Stop aborts the request and gives the box back', async () => {
    const { streams } = setup({ conversations: [conv('c1', 'Orders')], stored: { c1: [] } });
    await screen.findByRole('list', { name: 'Suggested questions' });
    await userEvent.type(box(), 'Tell me everything{Enter}');
    const s = await streamNo(streams, 0);
    act(() => s.stream.send('token', { text: 'Well, ' }));
    await waitFor(() => expect(screen.getByTestId('answer-text')).toHaveTextContent('Well,'));
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(s.signal?.aborted).toBe(true);
    await waitFor(() => expect(box()).toBeEnabled());
    expect(screen.getByText('You stopped the answer.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
  });

  it("an answer that fails says why, and Retry asks again", async () => {
    let refusals = 1;
    const { streams } = setup({
      conversations: [conv('c1', 'Orders')],
      stored: { c1: [] },
      refuse: () => (refusals-- > 0 ? { status: 409, body: { code: 'feature_disabled', message: 'The AI Orchestrator is turned off for this store.' } } : undefined),
    });
    await screen.findByRole('list', { name: 'Suggested questions' });
    await userEvent.type(box(), 'Hello{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The assistant could not answer');
    expect(alert).toHaveTextContent('The AI Orchestrator is turned off for this store.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    const s = await streamNo(streams, 0);
    expect(s.text).toBe('Hello');
    act(() => s.stream.send('error', { code: 'model_failed', message: 'The assistant is not available right now.' }));
    act(() => s.stream.end());
    expect(await screen.findByRole('alert')).toHaveTextContent('The assistant is not available right now.');
  });

  it('conversations that fail to load show the error and Retry; then one opens from the list', async () => {
    let fail = true;
    setup({
      conversations: [conv('c2', 'Newest talk'), conv('c1', 'Older talk')],
      stored: { c1: [msg('o1', 'user', 'an older question')], c2: [msg('n1', 'user', 'the newest question')] },
      handlers: [(c) => (c.method === 'GET' && c.path === '/orchestrator/conversations' && fail ? { status: 403, body: { code: 'forbidden', message: 'no' } } : undefined)],
    });
    const nav = screen.getByRole('navigation', { name: 'Conversations' });
    const alert = await within(nav).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your conversations');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(log()).findByText('the newest question')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: /Newest talk/ })).toHaveAttribute('aria-current', 'true');
    await userEvent.click(within(nav).getByRole('button', { name: /Older talk/ }));
    expect(await within(log()).findByText('an older question')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/orchestrator?c=c1');
  });

  it('the palette: New conversation and Ask what needs my attention (typed into the box, not sent)', async () => {
    expect(orchestratorModule.flag).toBe('enableOrchestrator');
    const actions = orchestratorModule.palette?.actions ?? [];
    expect(actions.slice(0, 2).map((a) => [a.label, a.to])).toEqual([
      ['New conversation', '/orchestrator?new=1'],
      ['Ask what needs my attention', `/orchestrator?ask=${encodeURIComponent(ATTENTION_QUESTION)}`],
    ]);
    const { streams } = setup({ conversations: [conv('c1', 'Orders')], stored: { c1: [msg('x', 'user', 'old')] }, path: actions[1].to });
    await waitFor(() => expect(box()).toHaveValue(ATTENTION_QUESTION));
    expect(screen.getByTestId('location')).toHaveTextContent('/orchestrator?new=1');
    expect(await screen.findByRole('list', { name: 'Suggested questions' })).toBeInTheDocument();
    expect(screen.queryByText('old')).toBeNull();
    expect(streams).toHaveLength(0);
  });
});
