/**
 * Ops summary polling (docs/ops-ui.md): `GET /ops/summary` every 10 s (REFRESH.opsSummaryMs) with the
 * generated summary, flagged `_meta.mocked`, when the API is down; plus the per-stream message counts
 * of `GET /streams` on the same beat for the chart. Both through the Refine data provider.
 */
import { useEffect, useState } from 'react';
import { useCustom, useList } from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import { REFRESH } from '../../contract/constants';
import type { Meta } from '../../contract/api';
import type { OpsSummary } from '../../contract/ops';
import type { StreamInfo } from '../../contract/streams';
import { mockOpsSummary } from '../shared/ops-mock';
import { appendSample, type OpsSample } from './ops-history';

const POLL = { refetchInterval: REFRESH.opsSummaryMs, placeholderData: keepPreviousData, staleTime: 0 };

export function useOpsSummary() {
  const { query: summaryQuery } = useCustom<{ data: OpsSummary; _meta: Meta }>({
    url: '/ops/summary',
    method: 'get',
    meta: { fallback: () => ({ data: mockOpsSummary() }) },
    queryOptions: POLL,
    errorNotification: false,
  });
  const { query: streamsQuery } = useList<StreamInfo>({
    resource: 'streams',
    pagination: { mode: 'off' },
    queryOptions: POLL,
    errorNotification: false,
  });
  const answer = summaryQuery.data?.data;
  const summary = { ...summaryQuery, data: answer ? { data: answer.data, meta: answer._meta } : undefined };
  const streams = { ...streamsQuery, data: streamsQuery.data ? { data: streamsQuery.data.data } : undefined };

  const [history, setHistory] = useState<OpsSample[]>([]);
  const data = answer?.data;
  const at = summaryQuery.dataUpdatedAt;
  useEffect(() => {
    if (!data) return;
    setHistory((h) => appendSample(h, { at, pending: data.dlq_status.pending, lag: data.dlq_status.consumer_lag }));
  }, [data, at]);

  return { summary, streams, history };
}
