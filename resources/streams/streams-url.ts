/**
 * /streams query parameters — the `/streams` row of docs/product/routes-and-roles.md "Routes"
 * (`?tab=dlq|consumers`, `?filter=critical|policy`, `?subject=`): the tab (events by default), the
 * page-wide filter and the subject pre-filter. Unknown values fall back to the defaults instead of breaking the page.
 */
export const STREAM_TABS = ['events', 'consumers', 'dlq'] as const;
export type StreamTab = (typeof STREAM_TABS)[number];

export const STREAM_FILTERS = ['critical', 'policy'] as const;
export type StreamFilter = (typeof STREAM_FILTERS)[number];

export interface StreamsUrl {
  tab: StreamTab;
  filter?: StreamFilter;
  subject?: string;
}

export function parseStreamsUrl(p: URLSearchParams): StreamsUrl {
  const tab = STREAM_TABS.find((t) => t === p.get('tab')) ?? 'events';
  const filter = STREAM_FILTERS.find((f) => f === p.get('filter'));
  const subject = p.get('subject')?.trim() || undefined;
  return { tab, filter, subject };
}

/** The parameters of another tab: tab, filter and subject carry over; the old tab's list state does not. */
export function switchTab(p: URLSearchParams, tab: StreamTab): URLSearchParams {
  const { filter, subject } = parseStreamsUrl(p);
  const out = new URLSearchParams();
  if (tab !== 'events') out.set('tab', tab);
  if (filter) out.set('filter', filter);
  if (subject) out.set('subject', subject);
  return out;
}

/** Removes one page-wide parameter (the "×" on its tag), keeping the rest. */
export function withoutParam(p: URLSearchParams, key: 'filter' | 'subject'): URLSearchParams {
  const out = new URLSearchParams(p);
  out.delete(key);
  out.delete('page');
  return out;
}
