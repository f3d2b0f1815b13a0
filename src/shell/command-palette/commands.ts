/**
 * The palette's commands with no text typed (docs/product/shell.md "Command palette"): Page Actions of the
 * current path's module, Create and Navigate — read from the page modules' `palette` declarations
 * (resources/<name>/index.ts), so a domain adds its entries in its own module. Every page action
 * goes somewhere (docs/commerce-ui.md).
 */
import type { PageModule, PaletteEntry } from '../../lib/registry';
import { routesOf } from '../../lib/registry-derive';

export type Command = PaletteEntry;

/** The palette's three command lists, derived from a module list (the registry's: palette-host.tsx). */
export interface PaletteCommands {
  /** Page actions of the path's area. */
  pageActions(pathname: string): readonly Command[];
  create: readonly Command[];
  navigate: readonly Command[];
}

export function paletteCommands(list: readonly PageModule[]): PaletteCommands {
  const areas = list.flatMap((m) => {
    const prefix = routesOf(m)[0]?.path;
    return m.palette?.actions && prefix ? [{ prefix, actions: [...m.palette.actions] }] : [];
  });
  const byOrder = <T extends { order: number }>(a: T, b: T) => a.order - b.order;
  const create = list.flatMap((m) => m.palette?.create ?? []).sort(byOrder).map(({ id, label, to }) => ({ id, label, to }));
  const navigate = list
    .flatMap((m) => {
      const to = routesOf(m)[0]?.path;
      return m.palette?.navigate && to ? [{ id: `nav-${m.name}`, label: m.palette.navigate.label, to, order: m.palette.navigate.order }] : [];
    })
    .sort(byOrder)
    .map(({ id, label, to }) => ({ id, label, to }));
  /** Page actions of the path's area: `/products/123` counts as products (same rule as the side navigation). */
  const pageActions = (pathname: string): Command[] =>
    areas.find((a) => pathname === a.prefix || pathname.startsWith(`${a.prefix}/`))?.actions ?? [];
  return { pageActions, create: create as readonly Command[], navigate: navigate as readonly Command[] };
}
