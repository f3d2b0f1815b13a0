/**
 * The DLQ list's filters (docs/ops-ui.md): subject (prefix or pattern), consumer, error text, age and
 * status, each the API's own query parameter — so they live in the URL as the lists' plain parameters
 * (`?consumer=webhooks&min_age_s=3600`). No status means the API's default, pending.
 */
import type { CrudFilter } from '@refinedev/core';
import type { DlqFilter, DlqStatus } from '../../contract/dlq';
import { filterValue } from '../shared/use-list-table';

export const AGE_OPTIONS = [
  { value: 'lt1h', label: 'Newer than 1 hour', field: 'max_age_s', seconds: 3_600 },
  { value: 'gt1h', label: 'Older than 1 hour', field: 'min_age_s', seconds: 3_600 },
  { value: 'gt24h', label: 'Older than 1 day', field: 'min_age_s', seconds: 86_400 },
  { value: 'gt7d', label: 'Older than 7 days', field: 'min_age_s', seconds: 7 * 86_400 },
] as const;
export type AgeOption = (typeof AGE_OPTIONS)[number]['value'];
export const AGE_FIELDS = ['min_age_s', 'max_age_s'] as const;

export type DlqStatusFilter = DlqStatus | 'all';
export const STATUS_OPTIONS: { value: DlqStatusFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'replayed', label: 'Replayed' },
  { value: 'discarded', label: 'Discarded' },
  { value: 'all', label: 'All' },
];

export const DLQ_PAGE_SIZES = [20, 50, 100] as const;

/** The age option a URL's age bounds name (undefined for none or bounds no option names). */
export function ageOf(filters: CrudFilter[]): AgeOption | undefined {
  return AGE_OPTIONS.find((a) => filterValue(filters, a.field) === String(a.seconds) && AGE_FIELDS.every((f) => f === a.field || !filterValue(filters, f)))?.value;
}

export function statusOf(filters: CrudFilter[]): DlqStatusFilter {
  return STATUS_OPTIONS.find((s) => s.value === filterValue(filters, 'status'))?.value ?? 'pending';
}

/** What the server's filter commands take ("replay all matching", contract/dlq.ts `dlqBulkBody.filter`): the list's filters without status. */
export type DlqCommandFilter = Omit<DlqFilter, 'status'>;

export function commandFilterOf(filters: CrudFilter[]): DlqCommandFilter {
  const n = (f: string) => (filterValue(filters, f) === undefined ? undefined : Number(filterValue(filters, f)));
  return { subject: filterValue(filters, 'subject'), consumer: filterValue(filters, 'consumer'), error: filterValue(filters, 'error'), min_age_s: n('min_age_s'), max_age_s: n('max_age_s') };
}

/** Whether the user narrowed the list (the pending default and the page's own filters do not count). */
export function hasDlqFilters(filters: CrudFilter[], permanent: CrudFilter[] = []): boolean {
  const own = new Set(permanent.map((f) => ('field' in f ? f.field : '')));
  return filters.some((f) => 'field' in f && !own.has(f.field) && !(f.field === 'status' && f.value === 'pending'));
}
