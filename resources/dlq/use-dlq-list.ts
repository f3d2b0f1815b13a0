/**
 * The DLQ page of entries (server-side paging and filters, issue 6 §4), kept fresh two ways: a 10 s
 * poll (REFRESH.opsSummaryMs, the ops console's beat) and the live stream — any event on the
 * `resources/dlq` channel (subjects `dlq.*`) refetches at once.
 */
import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { REFRESH } from '../../contract/constants';
import { liveHub } from '../../providers/live';
import { opsApi, type DlqFilter } from '../shared/ops-api';

export const DLQ_QUERY_KEY = ['dlq', 'list'] as const;

export function useDlqList(filter: DlqFilter, page: number, pageSize: number) {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: [...DLQ_QUERY_KEY, filter, page, pageSize],
    queryFn: ({ signal }) => opsApi.dlqList({ ...filter, limit: pageSize, offset: (page - 1) * pageSize }, signal),
    refetchInterval: REFRESH.opsSummaryMs,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  useEffect(
    () => liveHub.subscribe('resources/dlq', () => void client.invalidateQueries({ queryKey: DLQ_QUERY_KEY })),
    [client],
  );

  return list;
}
