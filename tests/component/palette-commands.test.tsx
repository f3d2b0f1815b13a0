// @vitest-environment jsdom
/**
 * Command palette with no text — docs/product/shell.md, docs/product/data.md, docs/product/constants.md: Ctrl+K / Cmd+K toggles it, the placeholder,
 * Page Actions by path (with /orders?status=pending and /suppliers?tier=1), Recent (5, stored locally,
 * reloaded on open), Create and Navigate targets, footer hints, esc, and the query clearing on close.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { CommandPaletteView, commandGroups } from '../../src/shell/command-palette/palette';
import { loadRecent, recordRecent, RECENT_STORAGE_KEY, type RecentItem } from '../../src/shell/command-palette/recent-store';
import type { PaletteLookup } from '../../src/shell/command-palette/lookup';
import { paletteCommands } from '../../src/shell/command-palette/commands';
import { modules } from '../../resources';

// the registry's entries, as palette-host.tsx reads them
const commands = paletteCommands(modules);

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

const noLookup: PaletteLookup = () => Promise.resolve({ products: [], orders: [], suppliers: [] });
const toggle = (init: { ctrlKey?: boolean; metaKey?: boolean } = { ctrlKey: true }) => act(() => void fireEvent.keyDown(window, { key: 'k', ...init }));

function setup(path = '/dashboard', storage = memoryStorage()) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <CommandPaletteView commands={commands} lookup={noLookup} storage={storage} />
      <Where />
    </MemoryRouter>,
  );
  return storage;
}

const item = (n: number): RecentItem => ({ type: 'product', id: `p${n}`, label: `Product ${n}`, subtitle: `SKU-${n}`, timestamp: n, to: `/products?sku=SKU-${n}` });

beforeEach(() => {
  const computed = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((elt) => computed(elt));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('palette shortcut and texts', () => {
  it('opens with Ctrl+K and with Cmd+K, and the shortcut closes it again', () => {
    setup();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    toggle({ ctrlKey: true });
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeInTheDocument();
    expect(screen.getByRole('combobox')).toHaveAttribute('placeholder', 'Search orders, products, suppliers, or type a command...');
    toggle({ ctrlKey: true });
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    toggle({ metaKey: true });
    expect(screen.getByRole('combobox')).toBeInTheDocument();
  });

  it('shows the footer hints', () => {
    setup();
    toggle();
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('to navigate');
    expect(dialog).toHaveTextContent('to select');
    expect(dialog).toHaveTextContent('esc to close');
  });

  it('esc closes it and the query is cleared when it opens again', () => {
    setup();
    toggle();
    const input = screen.getByRole('combobox');
    act(() => void fireEvent.change(input, { target: { value: 'lamp' } }));
    act(() => void fireEvent.keyDown(input, { key: 'Escape' }));
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    toggle();
    expect(screen.getByRole('combobox')).toHaveValue('');
  });
});

describe('palette groups with no text', () => {
  it('on /products: Page Actions, Create and Navigate in that order', () => {
    setup('/products');
    toggle();
    const groups = within(screen.getByRole('listbox')).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Page Actions',
      'Create',
      'Navigate',
    ]);
  });

  it.each([
    ['/products', ['Create product', 'View low-stock products', 'View out-of-stock products', 'View pending orders']],
    ['/orders', ['View pending orders', 'View shipped orders', 'View cancelled orders', 'View tier 1 suppliers']],
    ['/suppliers/abc', ['View tier 1 suppliers', 'Create supplier', 'View pending orders']],
    ['/orchestrator', ['New conversation', 'Ask what needs my attention', 'Link a marketplace', 'View pending orders']],
    ['/pricing/propose', ['Open Pricing Intelligence', 'View MAP violations', 'View tier 1 suppliers']],
    ['/dashboard', []],
  ])('page actions on %s', (path, labels) => {
    const page = commandGroups(commands, path, []).find((g) => g.title === 'Page Actions');
    expect(page?.options.map((o) => o.label) ?? []).toEqual(labels);
  });

  it('page actions link to /orders?status=pending and /suppliers?tier=1', () => {
    setup('/orders');
    toggle();
    act(() => void fireEvent.click(screen.getByRole('option', { name: 'View tier 1 suppliers' })));
    expect(screen.getByTestId('where')).toHaveTextContent('/suppliers?tier=1');
    toggle();
    act(() => void fireEvent.click(screen.getByRole('option', { name: 'View pending orders' })));
    expect(screen.getByTestId('where')).toHaveTextContent('/orders?status=pending');
  });

  it.each([
    ['Link Marketplace', '/orchestrator/marketplaces/link'],
    ['Create Listing', '/listings/create'],
    ['Propose Pricing', '/pricing/propose'],
    ['Orders', '/orders'],
    ['Products', '/products'],
    ['Suppliers', '/suppliers'],
    ['Integrations', '/integrations'],
    ['Analytics', '/analytics'],
    ['Settings', '/settings'],
  ])('%s goes to %s', (label, target) => {
    setup();
    toggle();
    act(() => void fireEvent.click(screen.getByRole('option', { name: label })));
    expect(screen.getByTestId('where')).toHaveTextContent(target);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});

describe('recent items', () => {
  it('keeps the newest 5, a repeat moving to the top', () => {
    const storage = memoryStorage();
    for (let n = 1; n <= 7; n++) recordRecent(storage, item(n));
    recordRecent(storage, item(5));
    expect(loadRecent(storage).map((r) => r.id)).toEqual(['p5', 'p7', 'p6', 'p4', 'p3']);
  });

  it('reloads them each time the palette opens and navigates to a chosen one', () => {
    const storage = setup();
    toggle();
    expect(screen.queryByRole('group', { name: 'Recent' })).not.toBeInTheDocument();
    toggle();
    // another tab chose a product meanwhile
    recordRecent(storage, item(9));
    toggle();
    const recent = screen.getByRole('group', { name: 'Recent' });
    expect(within(recent).getByRole('option')).toHaveTextContent('Product 9SKU-9');
    act(() => void fireEvent.click(within(recent).getByRole('option')));
    expect(screen.getByTestId('where')).toHaveTextContent('/products?sku=SKU-9');
  });

  it('ignores damaged storage', () => {
    const storage = memoryStorage();
    storage.setItem(RECENT_STORAGE_KEY, '{not json');
    expect(loadRecent(storage)).toEqual([]);
  });
});
