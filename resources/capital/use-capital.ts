/** GET /capital (docs/capital.md "Snapshot"), polled every REFRESH.capitalMs as the spec's calls say; the page and the dashboard card share it. */
import { useCustom } from '@refinedev/core';
import type { CapitalSnapshot } from '../../contract/capital';
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
