/** Slots and display helpers the tools share (docs/orchestrator.md "Tools"). */
import { z } from 'zod';
import { formatCents, toCents } from '../../../contract/money';
import { MARKETPLACES, MARKETPLACE_LABEL, type Marketplace } from '../../../contract/orders';
import { isoDate } from '../../../contract/fields';
import { PREVIEW_ROWS, type ToolResult } from '../../../contract/orchestrator';
import type { ApiCaller } from '../api-caller';

export const marketplaceSlot = z.enum(MARKETPLACES).describe('Marketplace: amazon, ebay, walmart or shopify');
export const daySlot = isoDate().describe('A day, YYYY-MM-DD');
/** An amount in cents (integer). */
export const centsSlot = z.number().int().min(0).max(100_000_000_000);
export const skuSlot = z.string().trim().min(1).max(100).describe('A SKU, e.g. SKU-123');
export const orderIdSlot = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'not an order id').transform((s) => s.toUpperCase()).describe('An order number, e.g. ORD-100123');

export const money = (cents: number | null | undefined): string => (cents === null || cents === undefined ? '—' : formatCents(cents));
/** Wire amounts in dollars (orders, products) → text. */
export const dollars = (d: number | null | undefined): string => (d === null || d === undefined ? '—' : formatCents(toCents(d)));
export const marketplaceName = (m: string): string => MARKETPLACE_LABEL[m as Marketplace] ?? m;
export const day = (iso: string | null | undefined): string => (iso ? iso.slice(0, 10) : '—');
export const when = (iso: string | null | undefined): string => (iso ? iso.replace('T', ' ').slice(0, 16) : '—');
export const humanize = (s: string): string => s.replace(/_/g, ' ');

/** Start of a day (UTC) as ISO, and the end of a day (the next day's start). */
export const dayStart = (d: string) => `${d}T00:00:00.000Z`;
export const dayEnd = (d: string) => new Date(Date.parse(`${d}T00:00:00.000Z`) + 86_400_000).toISOString();

export interface Page<T> { data: T[]; pagination: { total: number } }

export function table(title: string, columns: [key: string, title: string][], rows: Record<string, unknown>[], total: number, link: string | null): ToolResult {
  return { kind: 'table', title, columns: columns.map(([key, t]) => ({ key, title: t })), rows, total, link };
}

export const preview = <T>(rows: T[], map: (r: T) => Record<string, unknown>) => rows.slice(0, PREVIEW_ROWS).map(map);

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The store's marketplace accounts of a kind (their ids), for routes that filter by account. */
export async function accountsOf(api: ApiCaller, kind: string): Promise<string[]> {
  const r = await api.get<Page<{ id: string }>>('/marketplaces', { kind, limit: 100 });
  return r.data.map((a) => a.id);
}


/** The list's largest page (contract/constants.ts PAGE.maxSize). */
const PAGE_MAX = 500;
/** Most objects one proposed write reads (the bulk routes' own limit is 10,000). */
export const PLAN_CAP = 10_000;

/** Reads every row of a list (page after page, up to `cap`): a write's plan names exactly what it changes. */
export async function allRows<T>(api: ApiCaller, path: string, query: Record<string, string | number | boolean | undefined>, cap = PLAN_CAP): Promise<{ rows: T[]; total: number }> {
  const rows: T[] = [];
  let total = 0;
  for (let offset = 0; offset < cap; offset += PAGE_MAX) {
    const r = await api.get<Page<T>>(path, { ...query, limit: Math.min(PAGE_MAX, cap - offset), offset });
    rows.push(...r.data);
    total = r.pagination.total;
    if (r.data.length === 0 || rows.length >= total) break;
  }
  return { rows, total };
}
