// @vitest-environment jsdom
/**
 * A declared list page (src/lib/declared-list.ts, docs/adding-a-domain.md step 5): the test-only
 * "things" domain (support/declared-things.ts) joins the registry, the shell derives its route, menu,
 * palette entry, commands and access from it, and the route's element — the one generic page,
 * loaded lazily — lists, searches, filters, creates, edits, deletes and runs its command through the
 * browser's data provider over a fake API; each row links to the record's show page (the generic show
 * page), and a role without a row action gets no Actions column.
 */
import { Suspense } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LiveEvent, LiveProvider } from '@refinedev/core';
import type { Role } from '../../contract/roles';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));

// the registry with the test domain in it, handed down as src/App.tsx hands the console's: the access
// decision reads its permission mapping too
const { modules: consoleModules } = await import('../../resources');
const { things } = await import('./support/declared-things');
const modules = [...consoleModules, things];
const { commandsOf, menuFor, refineResources, routeTable } = await import('../../src/lib/registry-derive');
const { accessControlFor } = await import('../../providers/access-control');
const { decide } = accessControlFor(modules);
const { paletteCommands } = await import('../../src/shell/command-palette/commands');
const { setProfile } = await import('../../providers/auth/profile-store');
const { fakeApi, listOf } = await import('./support/fake-api');
const { installDomShims } = await import('./support/dom-shims');
const { renderConsole } = await import('./support/render-console');
const { createQueryClient } = await import('../../providers/data-provider');
type Handler = import('./support/fake-api').Handler;

vi.setConfig({ testTimeout: 120_000 });
// the first render loads the page's chunk (antd, @refinedev/antd): slow on a busy machine
configure({ asyncUtilTimeout: 20_000 });

const THINGS = [
  { id: 't1', name: 'Blue widget', count: 1200, price_cents: 1950, status: 'active', updated_at: '2025-01-02T10:30:00Z' },
  { id: 't2', name: 'Red widget', count: 3, price_cents: null, status: 'paused_for_review', updated_at: null },
];
const T1 = { ...THINGS[0], featured: true };

const row = routeTable(modules).find((r) => r.module === 'things')!;
const showRow = routeTable(modules).find((r) => r.module === 'things' && r.action === 'show')!;
const at = (method: string, path: string, h: Handler): Handler => (c) => (c.method === method && c.path === path ? h(c) : undefined);
const list = (rows: unknown[], total = rows.length): Handler => at('GET', '/things', () => ({ body: listOf(rows, total) }));

/** `queryClient`: the app's own cache settings when the test counts reads (the harness's client keeps nothing fresh). */
function open(path: string, role: Role = 'user', liveProvider?: LiveProvider, at = row, queryClient?: ReturnType<typeof createQueryClient>) {
  setProfile({ id: 'u1', email: 'seller@demo.local', tenantId: 't1', role });
  return renderConsole({
    path,
    route: at.path,
    role,
    modules,
    liveProvider,
    queryClient,
    resources: refineResources(modules),
    page: (
      <Suspense fallback={<p>loading page</p>}>
        <at.element />
      </Suspense>
    ),
  });
}

const table = () => screen.getByRole('table');
const openDrawer = async (title: string) => {
  const heading = await screen.findByText(title, { selector: '.ant-drawer-title' });
  return heading.closest('.ant-drawer-content') as HTMLElement;
};
const query = (c: { query: URLSearchParams }) => Object.fromEntries(c.query);

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  installDomShims();
});

describe('the registry derives the declared page', () => {
  it('a route (first of the module, reading GET /things), a Refine resource, the menu, the palette and the commands', () => {
    expect(row).toMatchObject({ path: '/things', call: 'GET /things', action: 'list', access: 'signedIn' });
    expect(showRow).toMatchObject({ path: '/things/:id', call: 'GET /things/:id', action: 'show', access: 'signedIn' });
    expect(refineResources(modules).find((r) => r.name === 'things')).toMatchObject({ list: '/things', show: '/things/:id' });
    const can = (role: Role) => (p: Parameters<typeof decide>[1]) => decide(role, p).can === true;
    const items = menuFor(modules, can('agent')).flatMap((g) => g.items.map((i) => `${i.label} → ${i.path}`));
    expect(items).toContain('Things → /things');
    expect(paletteCommands(modules).navigate).toContainEqual({ id: 'nav-things', label: 'Things', to: '/things' });
    expect(commandsOf(modules.find((m) => m.name === 'things')!)).toEqual({
      create: { label: 'Create thing', resource: 'things', action: 'create', call: 'POST /things' },
      edit: { label: 'Edit', resource: 'things', action: 'edit', call: 'PUT /things/:id' },
      delete: { label: 'Delete', resource: 'things', action: 'delete', call: 'DELETE /things/:id' },
      recount: { label: 'Recount', resource: 'things', action: 'update', call: 'POST /things/recount' },
    });
  });

  it('the one access decision reads the module mapping: agents may read things, not write them', () => {
    expect(decide('agent', { resource: 'things', action: 'list' }).can).toBe(true);
    expect(decide('agent', { resource: 'things', action: 'update' }).can).toBe(false);
    expect(decide('user', { resource: 'things', action: 'update' }).can).toBe(true);
  });
});

describe('the declared list page', () => {
  beforeEach(() => setProfile({ id: 'u1', email: 'seller@demo.local', tenantId: 't1', role: 'user' }));

  it("lists the rows of getList with the server's sort and paging, each cell by its kind", async () => {
    const api = fakeApi([list(THINGS, 45)]);
    open('/things?sort=count&order=desc');
    expect(await screen.findByText('Blue widget')).toBeInTheDocument();
    expect(query(api.of('GET', '/things')[0])).toEqual({ sort: 'count', order: 'desc', limit: '20', offset: '0' });
    const blue = within(table()).getByText('Blue widget').closest('tr')!;
    expect(blue).toHaveTextContent('1,200');
    expect(blue).toHaveTextContent('$19.50');
    expect(blue).toHaveTextContent('Active');
    expect(blue).toHaveTextContent('2025-01-02');
    const red = within(table()).getByText('Red widget').closest('tr')!;
    expect(red).toHaveTextContent('Paused for review');
    expect(red).toHaveTextContent('—');
    expect(screen.getByText('45 total')).toBeInTheDocument();

    // a sortable header asks the server again
    fireEvent.click(within(table()).getByRole('columnheader', { name: /Name/ }));
    await waitFor(() => expect(api.of('GET', '/things').some((c) => c.query.get('sort') === 'name')).toBe(true));
    expect(screen.getByTestId('location')).toHaveTextContent('sort=name');

    // the next page is the next offset
    fireEvent.click(within(screen.getByTitle('Next Page')).getByRole('button'));
    await waitFor(() => expect(api.of('GET', '/things').at(-1)!.query.get('offset')).toBe('20'));
    expect(screen.getByTestId('location')).toHaveTextContent('page=2');
  });

  it('search and a select filter reach the query and the URL', async () => {
    const api = fakeApi([list(THINGS)]);
    open('/things');
    await screen.findByText('Blue widget');
    const box = screen.getByRole('searchbox', { name: 'Search things' });
    fireEvent.change(box, { target: { value: 'blue' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(api.of('GET', '/things').at(-1)!.query.get('search')).toBe('blue'));
    expect(screen.getByTestId('location')).toHaveTextContent('search=blue');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('Paused'));
    await waitFor(() => expect(query(api.of('GET', '/things').at(-1)!)).toMatchObject({ search: 'blue', status: 'paused', offset: '0' }));
  });

  it('create sends the form as the body, money in cents, and refreshes the list', async () => {
    const api = fakeApi([at('POST', '/things', (c) => ({ status: 201, body: { data: { id: 't9', ...(c.body as object) } } })), list(THINGS)]);
    open('/things');
    await screen.findByText('Blue widget');
    fireEvent.click(screen.getByRole('button', { name: /Create thing/ }));
    const drawer = await openDrawer('Create thing');

    // required fields are asked before anything is sent
    fireEvent.click(within(drawer).getByRole('button', { name: /Save/ }));
    expect(await within(drawer).findByText('Name is required')).toBeInTheDocument();
    expect(api.of('POST', '/things')).toHaveLength(0);

    fireEvent.change(within(drawer).getByLabelText('Name'), { target: { value: 'Green widget' } });
    fireEvent.change(within(drawer).getByLabelText('Count'), { target: { value: '7' } });
    fireEvent.change(within(drawer).getByLabelText('Price'), { target: { value: '12.5' } });
    fireEvent.click(within(drawer).getByRole('switch'));
    const lists = api.of('GET', '/things').length;
    fireEvent.click(within(drawer).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(api.of('POST', '/things')).toHaveLength(1));
    expect(api.of('POST', '/things')[0].body).toEqual({ name: 'Green widget', count: 7, price_cents: 1250, featured: true });
    await waitFor(() => expect(api.of('GET', '/things').length).toBeGreaterThan(lists));
  });

  it('edit reads the record, shows cents as dollars, and sends the edited record', async () => {
    const api = fakeApi([at('GET', '/things/t1', () => ({ body: { data: T1 } })), at('PUT', '/things/t1', (c) => ({ body: { data: { ...T1, ...(c.body as object) } } })), list(THINGS)]);
    open('/things');
    await screen.findByText('Blue widget');
    const blue = within(table()).getByText('Blue widget').closest('tr')!;
    fireEvent.click(await within(blue).findByRole('button', { name: 'Edit thing' }));
    const drawer = await openDrawer('Edit thing');
    await waitFor(() => expect(within(drawer).getByLabelText('Name')).toHaveValue('Blue widget'));
    expect(within(drawer).getByLabelText('Price')).toHaveValue('19.50');

    fireEvent.change(within(drawer).getByLabelText('Name'), { target: { value: 'Blue widget XL' } });
    fireEvent.change(within(drawer).getByLabelText('Price'), { target: { value: '21' } });
    fireEvent.click(within(drawer).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(api.of('PUT', '/things/t1')).toHaveLength(1));
    expect(api.of('PUT', '/things/t1')[0].body).toEqual({ name: 'Blue widget XL', count: 1200, price_cents: 2100, status: 'active', featured: true });
  });

  it('delete asks its question first and calls DELETE only once confirmed', async () => {
    const api = fakeApi([at('DELETE', '/things/t1', () => ({ body: { data: { id: 't1' } } })), list(THINGS)]);
    open('/things');
    await screen.findByText('Blue widget');
    const blue = within(table()).getByText('Blue widget').closest('tr')!;
    fireEvent.click(await within(blue).findByRole('button', { name: 'Delete thing' }));
    const question = await screen.findByText('Delete this thing?');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(api.of('DELETE', /^\/things\//)).toHaveLength(0);
    fireEvent.click(within(question.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.of('DELETE', '/things/t1')).toHaveLength(1));
  });

  it('the command, for a role that may: asks, then calls its route and refreshes the list', async () => {
    const api = fakeApi([at('POST', '/things/recount', () => ({ body: { data: { recounted: 2 } } })), list(THINGS)]);
    open('/things', 'user');
    await screen.findByText('Blue widget');
    fireEvent.click(await screen.findByRole('button', { name: 'Recount' }));
    const question = await screen.findByText('Recount every thing?');
    expect(api.of('POST', '/things/recount')).toHaveLength(0);
    const lists = api.of('GET', '/things').length;
    fireEvent.click(within(question.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Recount' }));
    await waitFor(() => expect(api.of('POST', '/things/recount')).toHaveLength(1));
    await waitFor(() => expect(api.of('GET', '/things').length).toBeGreaterThan(lists));
  });

  it('for a role that may not write (agent): the list, without the command, create, edit or delete', async () => {
    fakeApi([list(THINGS)]);
    open('/things', 'agent');
    await screen.findByText('Blue widget');
    // the decisions are asked through Refine: let them settle, then the buttons must be absent
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(screen.queryByRole('button', { name: 'Recount' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Create thing/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit thing' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete thing' })).toBeNull();
    // no row action for this role: no Actions column at all, not an empty one
    expect(within(table()).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('a role with row actions has the Actions column', async () => {
    fakeApi([list(THINGS)]);
    open('/things', 'user');
    await screen.findByText('Blue widget');
    expect(await within(table()).findByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
  });

  it("each row's first column links to the record's page, which reads GET /things/:id and shows its fields", async () => {
    fakeApi([list(THINGS)]);
    open('/things', 'agent');
    const link = await within(table()).findByRole('link', { name: 'Blue widget' });
    expect(link).toHaveAttribute('href', '/things/t1');
    cleanup();
    const api = fakeApi([at('GET', '/things/t1', () => ({ body: { data: T1 } }))]);
    // the page's record gate reads it first (resources/shared/record-page.tsx); the page finds it fresh in the cache
    open('/things/t1', 'agent', undefined, showRow, createQueryClient());
    expect(await screen.findByRole('heading', { level: 1, name: 'Blue widget' })).toBeInTheDocument();
    expect(api.of('GET', '/things/t1')).toHaveLength(1);
    expect(screen.getByText('$19.50')).toBeInTheDocument();
    expect(screen.getByText(/^2025-01-02/)).toBeInTheDocument();
  });

  it('an empty list says so, and with filters says none match', async () => {
    fakeApi([list([])]);
    open('/things');
    expect(await screen.findByText('No things yet')).toBeInTheDocument();
    cleanup();
    open('/things?status=paused');
    expect(await screen.findByText('No things match these filters')).toBeInTheDocument();
  });

  it('an error shows the sentence and Retry, never the empty text; Retry loads the rows', async () => {
    let failing = true;
    const api = fakeApi([at('GET', '/things', () => (failing ? { status: 403, body: { message: 'Forbidden', code: 'forbidden' } } : { body: listOf(THINGS) }))]);
    open('/things');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load things');
    expect(screen.queryByText('No things yet')).toBeNull();
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Blue widget')).toBeInTheDocument();
    expect(api.of('GET', '/things').length).toBeGreaterThanOrEqual(2);
  });

  it('a live event for the resource refreshes the list', async () => {
    const subscribers: { channel: string; callback: (e: LiveEvent) => void }[] = [];
    const live: LiveProvider = {
      subscribe: ({ channel, callback }) => {
        subscribers.push({ channel, callback });
        return { channel };
      },
      unsubscribe: () => {},
    };
    const api = fakeApi([list(THINGS)]);
    open('/things', 'user', live);
    await screen.findByText('Blue widget');
    await waitFor(() => expect(subscribers.some((s) => s.channel === 'resources/things')).toBe(true));
    const lists = api.of('GET', '/things').length;
    act(() => {
      for (const s of subscribers.filter((x) => x.channel === 'resources/things')) s.callback({ channel: 'resources/things', type: 'updated', payload: { ids: ['t1'] }, date: new Date() });
    });
    await waitFor(() => expect(api.of('GET', '/things').length).toBeGreaterThan(lists));
  });
});
