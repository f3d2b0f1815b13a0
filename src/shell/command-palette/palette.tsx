/**
 * Command palette — docs/product/shell.md "Command palette" (texts, groups, states, targets; the query clears on
 * close, recent items reload on open), docs/product/data.md (Recent item), docs/product/constants.md (300 ms, 5 per type,
 * 5 recent). Ctrl+K / Cmd+K toggles it.
 * Every entry is offered only when the user may open its target (`canOpen`, the page guard's own
 * decision; docs/product/routes-and-roles.md).
 * Accessibility: a labelled dialog holding a combobox that owns a grouped listbox; the active option
 * is announced through aria-activedescendant and drawn with a visible focus ring.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Input, Modal, Spin, Typography, type InputRef } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { PaletteCommands } from './commands';
import { loadRecent, recordRecent, type RecentItem } from './recent-store';
import { usePaletteSearch } from './use-palette-search';
import type { PaletteLookup, PaletteResults } from './lookup';
import { isPaletteShortcut, OPEN_PALETTE_EVENT } from './open-event';
import { formatCents, parseCents } from '../../../contract/money';
import './palette.css';

export const PLACEHOLDER = 'Search orders, products, suppliers, or type a command...';
export const SEARCHING_TEXT = 'Searching...';
export const ERROR_TEXT = 'Error loading results. Please try again.';
export const noResultsText = (text: string) => `No results found for "${text}".`;
/** Event the top bar (or anything else) can dispatch on window to open the palette. */
export { OPEN_PALETTE_EVENT };

interface Option {
  key: string;
  label: string;
  detail?: string;
  to: string;
  /** Set for search results and recent items: choosing records it as recent. */
  recent?: Omit<RecentItem, 'timestamp'>;
}

interface Group {
  title: string;
  options: Option[];
}

const price2 = (n: number) => {
  const cents = parseCents(n);
  return cents === null ? '—' : formatCents(cents);
};

function recentOption(r: RecentItem): Option {
  return { key: `recent-${r.type}-${r.id}`, label: r.label, detail: r.subtitle, to: r.to, recent: r };
}

/** Search results as the product's three groups, empty groups left out. */
export function resultGroups(results: PaletteResults): Group[] {
  const products: Option[] = results.products.map((p) => {
    const to = `/products?sku=${encodeURIComponent(p.sku)}`;
    const detail = `${p.sku} · ${price2(p.price)}`;
    return { key: `product-${p.id}`, label: p.title, detail, to, recent: { type: 'product', id: p.id, label: p.title, subtitle: detail, to } };
  });
  const orders: Option[] = results.orders.map((o) => {
    const to = `/orders?id=${encodeURIComponent(o.id)}`;
    const detail = `${o.customer_name || 'N/A'} · ${o.status} · ${price2(o.total)}`;
    return { key: `order-${o.id}`, label: o.id, detail, to, recent: { type: 'order', id: o.id, label: o.id, subtitle: detail, to } };
  });
  const suppliers: Option[] = results.suppliers.map((s) => {
    const to = `/suppliers/${encodeURIComponent(s.id)}`;
    const detail = s.tier ? `Tier ${s.tier}` : 'N/A';
    return { key: `supplier-${s.id}`, label: s.name, detail, to, recent: { type: 'supplier', id: s.id, label: s.name, subtitle: detail, to } };
  });
  return [
    { title: 'Products', options: products },
    { title: 'Orders', options: orders },
    { title: 'Suppliers', options: suppliers },
  ].filter((g) => g.options.length > 0);
}

/** May the user open this target? Defaults to yes (the palette alone, e.g. in tests of its texts). */
export type CanOpen = (to: string) => boolean;
const anyone: CanOpen = () => true;

/**
 * The groups shown with no text: Page Actions (for this path), Recent, Create, Navigate — the
 * registry's `commands` (commands.ts `paletteCommands`), each entry only if the user may open it.
 */
export function commandGroups(commands: PaletteCommands, pathname: string, recent: RecentItem[], canOpen: CanOpen = anyone): Group[] {
  const asOptions = (prefix: string, cmds: readonly { id: string; label: string; to: string }[]) =>
    cmds.filter((c) => canOpen(c.to)).map((c) => ({ key: `${prefix}-${c.id}`, label: c.label, to: c.to }));
  return [
    { title: 'Page Actions', options: asOptions('page', commands.pageActions(pathname)) },
    { title: 'Recent', options: recent.filter((r) => canOpen(r.to)).map(recentOption) },
    { title: 'Create', options: asOptions('create', commands.create) },
    { title: 'Navigate', options: asOptions('nav', commands.navigate) },
  ].filter((g) => g.options.length > 0);
}

export interface CommandPaletteViewProps {
  /** Page Actions, Create and Navigate, from the page registry (commands.ts `paletteCommands`). */
  commands: PaletteCommands;
  lookup: PaletteLookup;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now?: () => number;
  canOpen?: CanOpen;
  /** Open on mount: the shell loads the palette on the first Ctrl+K or search click (index.tsx). */
  initiallyOpen?: boolean;
}

export function CommandPaletteView({ commands, lookup, storage, now = Date.now, canOpen = anyone, initiallyOpen = false }: CommandPaletteViewProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [recent, setRecent] = useState<RecentItem[]>([]);
  const [active, setActive] = useState(0);
  const inputRef = useRef<InputRef>(null);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;
  const search = usePaletteSearch(text, lookup);

  const show = useCallback(() => {
    // recent items reload every time it opens (docs/product/shell.md): another tab may have added some
    setRecent(loadRecent(storage));
    setOpen(true);
  }, [storage]);

  const close = useCallback(() => {
    setOpen(false);
    // the query clears when it closes (docs/product/shell.md)
    setText('');
    setActive(0);
  }, []);

  // loaded on the first Ctrl+K (index.tsx): opened once mounted, as a later Ctrl+K opens it, so the
  // dialog's open transition ends with the focus in the search field
  useEffect(() => {
    if (initiallyOpen) show();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (isPaletteShortcut(e)) {
        e.preventDefault();
        if (open) close();
        else show();
      }
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener(OPEN_PALETTE_EVENT, show);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(OPEN_PALETTE_EVENT, show);
    };
  }, [open, show, close]);

  const groups = useMemo(() => {
    if (search.status === 'idle') return commandGroups(commands, pathname, recent, canOpen);
    if (search.status === 'done') return resultGroups(search.results);
    return [];
  }, [search, commands, pathname, recent, canOpen]);
  const options = useMemo(() => groups.flatMap((g) => g.options), [groups]);

  const activeId = options[active] ? optionId(active) : undefined;

  useEffect(() => setActive(0), [options]);
  useEffect(() => {
    // keep the active option visible while arrowing through a long list
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const choose = (o: Option) => {
    if (o.recent) setRecent(recordRecent(storage, { ...o.recent, timestamp: now() }));
    close();
    navigate(o.to);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (options.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const o = options[active];
      if (o) choose(o);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  };

  let status: string | null = null;
  if (search.status === 'searching') status = SEARCHING_TEXT;
  else if (search.status === 'error') status = ERROR_TEXT;
  else if (search.status === 'done' && options.length === 0) status = noResultsText(search.text);

  let index = -1;
  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      closable={false}
      width={640}
      className="command-palette"
      title={<span className="command-palette-title">Command palette</span>}
      afterOpenChange={(isOpen) => isOpen && inputRef.current?.focus()}
      destroyOnHidden
    >
      <Input
        ref={inputRef}
        autoFocus
        size="large"
        variant="borderless"
        prefix={<SearchOutlined aria-hidden />}
        placeholder={PLACEHOLDER}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label={PLACEHOLDER}
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
      />
      <div className="command-palette-body">
        {status && (
          <div className="command-palette-status" role="status" aria-live="polite">
            {search.status === 'searching' && <Spin size="small" style={{ marginRight: 8 }} />}
            {status}
          </div>
        )}
        <div id={listId} role="listbox" aria-label="Results">
          {groups.map((g) => {
            const headingId = `${listId}-${g.title.replace(/\s+/g, '-').toLowerCase()}`;
            return (
              <div key={g.title} role="group" aria-labelledby={headingId} className="command-palette-group">
                <div id={headingId} className="command-palette-heading" role="presentation">
                  {g.title}
                </div>
                {g.options.map((o) => {
                  index += 1;
                  const i = index;
                  return (
                    <div
                      key={o.key}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === active}
                      className={`command-palette-option${i === active ? ' is-active' : ''}`}
                      onMouseMove={() => setActive(i)}
                      // mouse down would blur the input first; the choice is made on click
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => choose(o)}
                    >
                      <span className="command-palette-label">{o.label}</span>
                      {o.detail && <span className="command-palette-detail">{o.detail}</span>}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
      <div className="command-palette-footer">
        <Typography.Text type="secondary">
          <kbd>↑</kbd>
          <kbd>↓</kbd> to navigate
        </Typography.Text>
        <Typography.Text type="secondary">
          <kbd>↵</kbd> to select
        </Typography.Text>
        <Typography.Text type="secondary">
          <kbd>esc</kbd> to close
        </Typography.Text>
      </div>
    </Modal>
  );
}
