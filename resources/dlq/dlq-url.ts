/**
 * The DLQ list's state in the URL (spec §2.1 keeps list state in plain query parameters): subject,
 * consumer, error text, age, status, page and page size. Shared by /ops/dlq and the DLQ tab of
 * /streams, where `subject` is also the page's pre-filter.
 */
import type { DlqFilter, DlqStatus } from '../shared/ops-api';

export const AGE_OPTIONS = [
  { value: 'lt1h', label: 'Newer than 1 hour', filter: { max_age_s: 3_600 } },
  { value: 'gt1h', label: 'Older than 1 hour', filter: { min_age_s: 3_600 } },
  { value: 'gt24h', label: 'Older than 1 day', filter: { min_age_s: 86_400 } },
  { value: 'gt7d', label: 'Older than 7 days', filter: { min_age_s: 7 * 86_400 } },
] as const;
export type AgeOption = (typeof AGE_OPTIONS)[number]['value'];

export const STATUS_OPTIONS: { value: DlqStatus | 'all'; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'replayed', label: 'Replayed' },
  { value: 'discarded', label: 'Discarded' },
  { value: 'all', label: 'All' },
];

export const DLQ_PAGE_SIZES = [20, 50, 100] as const;

export interface DlqUrlState {
  subject?: string;
  consumer?: string;
  error?: string;
  age?: AgeOption;
  status: DlqStatus | 'all';
  page: number;
  pageSize: number;
}

const KEYS = ['subject', 'consumer', 'error', 'age', 'status', 'page', 'pageSize'] as const;

function positive(v: string | null, d: number): number {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : d;
}

export function parseDlqUrl(p: URLSearchParams): DlqUrlState {
  const age = AGE_OPTIONS.find((a) => a.value === p.get('age'))?.value;
  const status = STATUS_OPTIONS.find((s) => s.value === p.get('status'))?.value ?? 'pending';
  const size = positive(p.get('pageSize'), DLQ_PAGE_SIZES[0]);
  return {
    subject: p.get('subject')?.trim() || undefined,
    consumer: p.get('consumer') || undefined,
    error: p.get('error') || undefined,
    age,
    status,
    page: positive(p.get('page'), 1),
    pageSize: (DLQ_PAGE_SIZES as readonly number[]).includes(size) ? size : DLQ_PAGE_SIZES[0],
  };
}

/** Writes the state over the current parameters, keeping the others (tab, filter of /streams). */
export function writeDlqUrl(p: URLSearchParams, s: DlqUrlState): URLSearchParams {
  const out = new URLSearchParams(p);
  for (const k of KEYS) out.delete(k);
  if (s.subject) out.set('subject', s.subject);
  if (s.consumer) out.set('consumer', s.consumer);
  if (s.error) out.set('error', s.error);
  if (s.age) out.set('age', s.age);
  if (s.status !== 'pending') out.set('status', s.status);
  if (s.page > 1) out.set('page', String(s.page));
  if (s.pageSize !== DLQ_PAGE_SIZES[0]) out.set('pageSize', String(s.pageSize));
  return out;
}

/** The API filter of a state; `base` fills what the state leaves open (the /streams policy filter). */
export function dlqFilterOf(s: DlqUrlState, base: DlqFilter = {}): DlqFilter {
  const age = AGE_OPTIONS.find((a) => a.value === s.age)?.filter ?? {};
  return { ...base, ...(s.subject ? { subject: s.subject } : {}), consumer: s.consumer, error: s.error, ...age, status: s.status };
}

export function hasDlqFilters(s: DlqUrlState): boolean {
  return Boolean(s.subject || s.consumer || s.error || s.age || s.status !== 'pending');
}
