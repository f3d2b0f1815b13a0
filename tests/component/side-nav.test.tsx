// @vitest-environment jsdom
/** docs/product/routes-and-roles.md: the side navigation per role, the highlight rule, hidden empty sections. */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { modules } from '../../resources';
import { SideNav } from '../../src/shell/side-nav';
import { activeRoute, isActive, menuFor } from '../../src/lib/registry-derive';
import { canCheckFor } from '../../src/shell/use-access';
import { RegistryProvider, registryOf } from '../../src/lib/registry-context';
import type { Role } from '../../contract/roles';
import { expectedNav, type NavRole } from '../../e2e/support/navigation';
import { withInventory } from './support/inventory-stand-ins';

const registry = withInventory(modules);
const ROLE_OF: Record<NavRole, Role> = { seller: 'user', agent: 'agent', admin: 'admin' };

function renderNav(role: Role, path = '/dashboard') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <RegistryProvider modules={registry}>
        <SideNav role={role} />
      </RegistryProvider>
    </MemoryRouter>,
  );
}

function visible(): Record<string, string[]> {
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  const out: Record<string, string[]> = {};
  for (const section of nav.querySelectorAll('section')) {
    const title = section.querySelector('h2')?.textContent ?? '';
    out[title] = Array.from(section.querySelectorAll('.side-nav-label')).map((l) => l.textContent ?? '');
  }
  return out;
}

afterEach(cleanup);

describe('side navigation (docs/product/routes-and-roles.md)', () => {
  for (const role of ['seller', 'agent', 'admin'] as NavRole[]) {
    it(`shows exactly the ${role}'s sections and items, in order`, () => {
      renderNav(ROLE_OF[role]);
      expect(visible()).toEqual(expectedNav(role));
    });
  }

  it('hides a section whose items are all restricted', () => {
    renderNav('user');
    expect(screen.queryByText('Admin & Settings')).toBeNull();
    expect(screen.getByText('System & Monitoring')).toBeInTheDocument();
  });

  it('marks All Agents with the AI badge and indents the ops items', () => {
    renderNav('agent');
    const agents = screen.getByRole('link', { name: 'All Agents' });
    expect(within(agents).getByText('AI')).toBeInTheDocument();
    for (const label of ['Ops Console', 'DLQ Management', 'Event Streams']) {
      expect(screen.getByRole('link', { name: label })).toHaveClass('is-indented');
    }
    expect(screen.getByRole('link', { name: 'System Health' })).not.toHaveClass('is-indented');
  });

  it('every item has a tooltip description and links to its route', () => {
    for (const group of menuFor(registry, canCheckFor(registryOf(registry).access, 'admin'))) {
      for (const item of group.items) expect(item.tooltip.length).toBeGreaterThan(0);
    }
    renderNav('admin');
    expect(screen.getByRole('link', { name: 'Pricing Intelligence' })).toHaveAttribute('href', '/pricing/agent');
    expect(screen.getByRole('link', { name: 'Capital' })).toHaveAttribute('href', '/capital');
  });

  it('shows an item\'s tooltip on hover with a mouse, and none on a touch screen, where a tap would leave it open', async () => {
    const hover = async (touch: boolean) => {
      vi.stubGlobal('matchMedia', (query: string) => ({ matches: touch && query === '(hover: none)', media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
      vi.useFakeTimers();
      try {
        renderNav('admin');
        fireEvent.mouseEnter(screen.getByRole('link', { name: 'Capital' }));
        await act(async () => vi.advanceTimersByTimeAsync(1000));
        return document.querySelectorAll('.ant-tooltip:not(.ant-tooltip-hidden)').length;
      } finally {
        vi.useRealTimers();
        vi.unstubAllGlobals();
        cleanup();
      }
    };
    expect(await hover(false)).toBe(1);
    expect(await hover(true)).toBe(0);
  });

  it('highlights only the most specific item whose route equals the path or prefixes it with a slash', () => {
    renderNav('admin', '/ops/dlq');
    expect(screen.getByRole('link', { name: 'DLQ Management' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Ops Console' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(document.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
  });

  it('still highlights the parent item on its own sub-paths', () => {
    renderNav('admin', '/ops');
    expect(screen.getByRole('link', { name: 'Ops Console' })).toHaveAttribute('aria-current', 'page');
    cleanup();
    renderNav('user', '/suppliers/42/performance');
    expect(screen.getByRole('link', { name: 'Suppliers' })).toHaveAttribute('aria-current', 'page');
  });

  it('highlights the entry a page without one belongs under, and only that one', () => {
    const under: [string, string][] = [
      ['/listings', 'Catalog & Listings'],
      ['/returns', 'Fulfillment'],
      ['/pricing', 'Pricing Intelligence'],
      ['/pricing/propose', 'Pricing Intelligence'],
      ['/orchestrator/marketplaces/link', 'Marketplace Setup'],
      ['/settings/webhooks', 'Settings'],
    ];
    for (const [path, label] of under) {
      renderNav('admin', path);
      expect(screen.getByRole('link', { name: label }), path).toHaveAttribute('aria-current', 'page');
      expect(document.querySelectorAll('[aria-current="page"]'), path).toHaveLength(1);
      cleanup();
    }
  });
});

describe('highlight rule', () => {
  it('every page that declares the entry it belongs under names one the navigation has', () => {
    const entries = new Set(menuFor(registry, canCheckFor(registryOf(registry).access, 'admin')).flatMap((g) => g.items.map((i) => i.path)));
    const declared = registry.flatMap((m) => (m.routes ?? []).filter((r) => r.navUnder).map((r) => [r.path, r.navUnder]));
    expect(declared.length).toBeGreaterThan(0);
    expect(declared.filter(([, under]) => !entries.has(under!))).toEqual([]);
  });

  it('matches the route itself and its sub-paths only', () => {
    expect(isActive('/suppliers', '/suppliers')).toBe(true);
    expect(isActive('/suppliers/42/performance', '/suppliers')).toBe(true);
    expect(isActive('/suppliers-archive', '/suppliers')).toBe(false);
    expect(isActive('/pricing', '/pricing/agent')).toBe(false);
    expect(isActive('/ops/dlq', '/ops')).toBe(true);
  });

  it('picks the longest matching route', () => {
    expect(activeRoute('/ops/dlq', ['/ops', '/ops/dlq', '/streams'])).toBe('/ops/dlq');
    expect(activeRoute('/ops/dlq/42', ['/ops', '/ops/dlq'])).toBe('/ops/dlq');
    expect(activeRoute('/ops', ['/ops', '/ops/dlq'])).toBe('/ops');
    expect(activeRoute('/nope', ['/ops'])).toBeUndefined();
  });
});
