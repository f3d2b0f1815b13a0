/** GET /capital (docs/capital.md "Snapshot"), polled every REFRESH.capitalMs as the spec's calls say; the page and the dashboard card share it. */
import { useCustom } from '@refinedev/core';
import type { CapitalSnapshot, CapitalSummary } from '../../contract/capital';
import type { Meta } from '../../contract/api';
import { REFRESH } from '../../contract/constants';

export const CAPITAL_QUERY_KEY = ['capital', 'snapshot'];

export function useCapitalSnapshot() {
  const { query } = useCustom<{ data: CapitalSnapshot; _meta: Meta }>({
    url: '/capital',
    method: 'get',
    errorNotification: false,
    queryOptions: { refetchInterval: REFRESH.capitalMs, staleTime: 0 },
  });
  return { query, snapshot: query.data?.data.data, meta: query.data?.data._meta };
}

/** GET /capital/summary (docs/capital.md "Dashboard"): the dashboard card's two figures, polled as the snapshot is. */
export function useCapitalSummary() {
  const { query } = useCustom<{ data: CapitalSummary; _meta: Meta }>({
    url: '/capital/summary',
    method: 'get',
    errorNotification: false,
    queryOptions: { refetchInterval: REFRESH.capitalMs, staleTime: 0 },
  });
  return { query, summary: query.data?.data.data };
}
