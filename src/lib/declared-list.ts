/**
 * A declared list page (docs/adding-a-domain.md, step 5): a page module gives
 * `list: declareList({ … })` (resources/shared/declare-list.ts) instead of writing a list page, and
 * the one shared page resources/shared/declared-list-page.tsx renders it. Plain data only — the
 * declaration is loaded with the first page (docs/performance.md "Delivery"), so nothing here imports
 * antd, zod or view code. The helpers below are the pure derivations the registry
 * (src/lib/registry-derive.ts) and the page share.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import type { PageCommand } from './registry';

/** How a column shows its value: `money-cents` is an integer of cents shown as dollars. */
export type ColumnKind = 'text' | 'number' | 'money-cents' | 'date' | 'tag';

export interface DeclaredColumn {
  /** The record's field. */
  key: string;
  title: string;
  /** `text` when omitted. */
  kind?: ColumnKind;
  /** Sorted by the server (`?sort=<key>&order=…`). */
  sortable?: boolean;
}

export interface DeclaredOption {
  value: string;
  label: string;
}

/** A select filter: `?<key>=<value>` on the list call. */
export interface DeclaredFilter {
  key: string;
  label: string;
  options: readonly DeclaredOption[];
}

/** A form field's input: `money-cents` is typed in dollars and sent as an integer of cents. */
export type FieldKind = 'text' | 'number' | 'money-cents' | 'select' | 'switch';

export interface DeclaredField {
  /** The body's key (and the record's field the edit form reads). */
  name: string;
  label: string;
  /** `text` when omitted. */
  kind?: FieldKind;
  required?: boolean;
  /** The choices of a `select`. */
  options?: readonly DeclaredOption[];
}

/**
 * The page's command button: a `PageCommand` (resource and action of the permission check, the server
 * `call` such as `'POST /things/recount'`, a path without parameters) with its key among the module's
 * commands and the question asked before it runs.
 */
export interface DeclaredCommand extends PageCommand {
  id: string;
  confirm?: string;
}

export interface DeclaredList {
  /** Refine resource and API path (`/<resource>`): the list reads `GET /<resource>`, writes `POST`, `PUT /<resource>/:id`, `DELETE /<resource>/:id`. */
  resource: string;
  /** Page heading, e.g. "Things". */
  title: string;
  /** The page's route; `/<resource>` when omitted. */
  path?: string;
  /** One record, for "Create thing" and "Edit thing"; the title without its final "s", lower-cased, when omitted. */
  item?: string;
  columns: readonly DeclaredColumn[];
  /** A search box sending `?search=`. */
  search?: boolean;
  filters?: readonly DeclaredFilter[];
  /** The create and edit form's fields; without them the page has no create or edit. */
  fields?: readonly DeclaredField[];
  command?: DeclaredCommand;
  /** A Delete button per row, asking this question first. */
  delete?: { confirm: string };
  /**
   * A page for one record, for a domain that answers `GET /<resource>/:id`: at `path`
   * (`/<resource>/:id` when omitted), listing `fields` (the columns when omitted); each row's `link`
   * column (the first when omitted) links to it.
   */
  show?: DeclaredShow;
}

export interface DeclaredShow {
  /** The page's route, with `:id`; `/<resource>/:id` when omitted. */
  path?: string;
  /** What the page lists; the list's columns when omitted. */
  fields?: readonly DeclaredColumn[];
  /** The record field shown as the page's heading; the first field's when omitted. */
  heading?: string;
  /** The list's column whose cell links to the page; the first column when omitted. */
  link?: string;
}

/**
 * A declaration with the element that renders it, the generic page loaded on demand: what
 * `declareList` answers and a module's `list` holds. The element is made beside the module
 * declarations (resources/shared/declare-list.ts), so the page's chunk list stays off the shell's
 * first page.
 */
export interface ListPage extends DeclaredList {
  element: LazyExoticComponent<ComponentType>;
  /** The show page's element (the generic show page, on demand) when the declaration has `show`. */
  showElement?: LazyExoticComponent<ComponentType>;
}

/** The show page's route, when the declaration has one. */
export function showPathOf(list: DeclaredList): string | undefined {
  return list.show ? (list.show.path ?? `/${list.resource}/:id`) : undefined;
}

/** The show page's link for one record. */
export function showLinkOf(list: DeclaredList, id: string | number): string | undefined {
  return showPathOf(list)?.replace(':id', encodeURIComponent(String(id)));
}

/** "Things" → "thing", unless the declaration names its item. */
export function itemName(list: DeclaredList): string {
  return list.item ?? list.title.replace(/s$/i, '').toLowerCase();
}

/** `'POST /things/recount'` → the data provider's method and the path. */
export function parseCall(call: string): { method: 'post' | 'put' | 'patch' | 'delete'; path: string } {
  const [verb = '', path = ''] = call.trim().split(/\s+/);
  const method = verb.toLowerCase();
  if (method !== 'post' && method !== 'put' && method !== 'patch' && method !== 'delete') throw new Error(`A command call is "POST|PUT|PATCH|DELETE /path", not "${call}"`);
  return { method, path };
}

/**
 * The page's buttons as module commands, so the access tests check them like hand-written ones
 * (each role's answer, and the server route's permission): create and edit with the form, delete,
 * and the declared command.
 */
export function declaredCommands(list: DeclaredList): Record<string, PageCommand> {
  const r = list.resource;
  const out: Record<string, PageCommand> = {};
  if (list.fields?.length) {
    out.create = { label: `Create ${itemName(list)}`, resource: r, action: 'create', call: `POST /${r}` };
    out.edit = { label: 'Edit', resource: r, action: 'edit', call: `PUT /${r}/:id` };
  }
  if (list.delete) out.delete = { label: 'Delete', resource: r, action: 'delete', call: `DELETE /${r}/:id` };
  if (list.command) {
    const { id, label, resource, action, call } = list.command;
    out[id] = { label, resource, action, call };
  }
  return out;
}
