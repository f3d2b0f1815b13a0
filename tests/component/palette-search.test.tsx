// @vitest-environment jsdom
/**
 * Command palette with text — docs/product/shell.md, docs/product/data.md, docs/product/constants.md: 300 ms debounce, the Products / Orders / Suppliers
 * groups (price to two decimals, "N/A" fallbacks, 5 per type), the three state texts, and choosing a
 * result records it as recent and navigates to its target.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { CommandPaletteView } from '../../src/shell/command-palette/palette';
import { RECENT_STORAGE_KEY, type RecentItem } from '../../src/shell/command-palette/recent-store';
import type { PaletteLookup, PaletteResults } from '../../src/shell/command-palette/lookup';
import { paletteCommands } from '../../src/shell/command-palette/commands';
import { modules } from '../../resources';

const commands = paletteCommands(modules);

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function setup(lookup: PaletteLookup, storage = memoryStorage()) {
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <CommandPaletteView commands={commands} lookup={lookup} storage={storage} now={() => 1_700_000_000_000} />
      <Where />
    </MemoryRouter>,
  );
  act(() => {
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
  });
  const input = screen.getByRole('combobox');
  const type = (value: string) => act(() => void fireEvent.change(input, { target: { value } }));
  return { input, type, storage };
}

/** Lets the debounce fire and the lookup's promise settle. */
async function settle(ms = 300) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
  await act(async () => {});
}

const RESULTS: PaletteResults = {
  products: [{ id: 'p1', title: 'Desk Lamp', sku: 'LAMP-1', price: 19.5 }],
  orders: [
    { id: 'ORD-100001', customer_name: 'Ada Lovelace', status: 'pending', total: 42 },
    { id: 'ORD-100002', customer_name: null, status: 'shipped', total: 7.25 },
  ],
  suppliers: [
    { id: 's1', name: 'Lamp Works', tier: 1 },
    { id: 's2', name: 'Unrated Co', tier: null },
  ],
};

beforeEach(() => {
  vi.useFakeTimers();
  // jsdom does not implement pseudo-element styles, which antd's scroll lock asks for
  const computed = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((elt) => computed(elt));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('palette search', () => {
  it('waits 300 ms after the last keystroke and searches once with the final text', async () => {
    const lookup = vi.fn<PaletteLookup>().mockResolvedValue(RESULTS);
    const { type } = setup(lookup);
    type('la');
    await act(async () => void vi.advanceTimersByTime(200));
    type('lamp');
    await act(async () => void vi.advanceTimersByTime(299));
    expect(lookup).not.toHaveBeenCalled();
    expect(screen.getByText('Searching...')).toBeInTheDocument();
    await settle(1);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup.mock.calls[0][0]).toBe('lamp');
  });

  it('shows the three result groups with price to two decimals and N/A fallbacks', async () => {
    const { type } = setup(vi.fn<PaletteLookup>().mockResolvedValue(RESULTS));
    type('lamp');
    await settle();
    const list = screen.getByRole('listbox');
    expect(within(list).getByRole('group', { name: 'Products' })).toHaveTextContent('Desk Lamp');
    expect(within(list).getByRole('group', { name: 'Products' })).toHaveTextContent('LAMP-1 · $19.50');
    const orders = within(list).getByRole('group', { name: 'Orders' });
    expect(orders).toHaveTextContent('ORD-100001');
    expect(orders).toHaveTextContent('Ada Lovelace · pending · $42.00');
    expect(orders).toHaveTextContent('N/A · shipped · $7.25');
    const suppliers = within(list).getByRole('group', { name: 'Suppliers' });
    expect(suppliers).toHaveTextContent('Tier 1');
    expect(within(suppliers).getAllByRole('option')[1]).toHaveTextContent('Unrated CoN/A');
    expect(screen.queryByRole('group', { name: 'Navigate' })).not.toBeInTheDocument();
  });

  it('says when nothing matched, quoting the text', async () => {
    const { type } = setup(vi.fn<PaletteLookup>().mockResolvedValue({ products: [], orders: [], suppliers: [] }));
    type('zzz');
    await settle();
    expect(screen.getByText('No results found for "zzz".')).toBeInTheDocument();
  });

  it('shows the error text when any lookup fails', async () => {
    const { type } = setup(vi.fn<PaletteLookup>().mockRejectedValue(new Error('boom')));
    type('lamp');
    await settle();
    expect(screen.getByText('Error loading results. Please try again.')).toBeInTheDocument();
  });

  it.each([
    ['Desk Lamp', '/products?sku=LAMP-1', 'product'],
    ['ORD-100001', '/orders?id=ORD-100001', 'order'],
    ['Lamp Works', '/suppliers/s1', 'supplier'],
  ])('choosing %s goes to %s and records it as recent', async (label, target, type) => {
    const { type: typeText, storage } = setup(vi.fn<PaletteLookup>().mockResolvedValue(RESULTS));
    typeText('lamp');
    await settle();
    act(() => void fireEvent.click(screen.getByRole('option', { name: new RegExp(label) })));
    expect(screen.getByTestId('where')).toHaveTextContent(target);
    const stored = JSON.parse(storage.getItem(RECENT_STORAGE_KEY) ?? '[]') as RecentItem[];
    expect(stored[0]).toMatchObject({ type, label, to: target, timestamp: 1_700_000_000_000 });
  });

  it('selects with the keyboard: arrows move, enter chooses', async () => {
    const { input, type } = setup(vi.fn<PaletteLookup>().mockResolvedValue(RESULTS));
    type('lamp');
    await settle();
    const options = screen.getAllByRole('option');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    act(() => void fireEvent.keyDown(input, { key: 'ArrowDown' }));
    act(() => void fireEvent.keyDown(input, { key: 'ArrowDown' }));
    expect(screen.getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[2].id);
    act(() => void fireEvent.keyDown(input, { key: 'ArrowUp' }));
    act(() => void fireEvent.keyDown(input, { key: 'Enter' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/orders?id=ORD-100001');
  });
});

describe('palette lookups', () => {
  it('asks the three list endpoints with search and limit 5, through the data provider', async () => {
    vi.useRealTimers();
    const { createLookup } = await import('../../src/shell/command-palette/lookup');
    const { createDataProvider } = await import('../../providers/data-provider');
    const calls: { path: string; query: Record<string, string | number> }[] = [];
    const signals: (AbortSignal | undefined)[] = [];
    const client = {
      get: <T,>(path: string, opts: { query: Record<string, string | number>; signal?: AbortSignal }) => {
        calls.push({ path, query: opts.query });
        signals.push(opts.signal);
        // a server that ignores limit still yields at most 5 per group
        return Promise.resolve({ data: Array.from({ length: 7 }, (_, i) => ({ id: String(i) })) } as T);
      },
    };
    const search = new AbortController();
    const results = await createLookup(createDataProvider(client as unknown as Parameters<typeof createDataProvider>[0]))('lamp', search.signal);
    // the data provider's first page: limit 5 from offset 0
    expect(calls).toEqual([
      { path: '/products', query: { search: 'lamp', limit: 5, offset: 0 } },
      { path: '/me/orders', query: { search: 'lamp', limit: 5, offset: 0 } },
      { path: '/suppliers', query: { search: 'lamp', limit: 5, offset: 0 } },
    ]);
    expect([results.products.length, results.orders.length, results.suppliers.length]).toEqual([5, 5, 5]);
    // newer text aborts the lookups of the old
    expect(signals).toEqual([search.signal, search.signal, search.signal]);
  });
});
