/**
 * The Audit Logs tab's data (docs/governance.md "Audit log"): the server's filters and keyset pages
 * of GET /api/audit — "Load more" asks for the page after the last one's `next_cursor`.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ListResponse } from '../../contract/api';
import type { AuditEntry } from '../../contract/audit';
import { apiClient } from '../../providers/app-client';

export interface AuditFilterValues {
  actor?: string;
  action?: string;
  resource?: string;
  resource_id?: string;
  correlation_id?: string;
  from?: string;
  to?: string;
}

export const AUDIT_PAGE_SIZE = 50;

/** The filters without empty values: what the list and an export send. */
export function activeFilters(f: AuditFilterValues): AuditFilterValues {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => typeof v === 'string' && v.trim() !== '').map(([k, v]) => [k, (v as string).trim()]));
}

export function useAuditPages(filters: AuditFilterValues) {
  const active = activeFilters(filters);
  return useInfiniteQuery({
    queryKey: ['governance', 'audit', active],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get<ListResponse<AuditEntry>>('/audit', { query: { ...active, limit: AUDIT_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    getNextPageParam: (last) => last.pagination.next_cursor ?? null,
    retry: false,
  });
}
