/**
 * Recent palette choices — docs/product/data.md (Recent item: type, id, label, subtitle, timestamp; at most 5,
 * stored locally), docs/product/shell.md "Command palette" (reloaded when the palette opens), docs/product/constants.md (5 recent items). A recent item also keeps
 * the path it leads to, so choosing it again goes where the first choice went.
 */
import { PALETTE } from '../../../contract/constants';

export type RecentType = 'product' | 'order' | 'supplier';

export interface RecentItem {
  type: RecentType;
  id: string;
  label: string;
  subtitle?: string;
  timestamp: number;
  /** Where choosing it navigates (`/products?sku=…`, `/orders?id=…`, `/suppliers/{id}`). */
  to: string;
}

export const RECENT_STORAGE_KEY = 'seller-console.palette.recent';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function isRecent(v: unknown): v is RecentItem {
  const r = v as Partial<RecentItem> | null;
  return !!r && typeof r === 'object' && typeof r.id === 'string' && typeof r.label === 'string' && typeof r.to === 'string' &&
    (r.type === 'product' || r.type === 'order' || r.type === 'supplier') && typeof r.timestamp === 'number';
}

/** The stored items, newest first; a damaged entry is dropped rather than breaking the palette. */
export function loadRecent(storage: Store): RecentItem[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(RECENT_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRecent).slice(0, PALETTE.recent) : [];
  } catch {
    return [];
  }
}

/** Puts `item` first (once: a repeat moves to the top), keeps the newest 5, and answers the new list. */
export function recordRecent(storage: Store, item: RecentItem): RecentItem[] {
  const others = loadRecent(storage).filter((r) => !(r.type === item.type && r.id === item.id));
  const next = [item, ...others].slice(0, PALETTE.recent);
  try {
    storage.setItem(RECENT_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // storage full or disabled: the choice still navigates, it just is not remembered
  }
  return next;
}
