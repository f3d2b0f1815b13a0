/**
 * Ops summary polling — spec §7.2 "GET /ops/summary … Polled every 10 s. Falls back to generated mock
 * data if unavailable" (REFRESH.opsSummaryMs), plus the per-stream message counts of GET /streams on
 * the same beat for the chart. The API client returns the mock flagged `_meta.mocked`.
 */
import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REFRESH } from '../../contract/constants';
import { opsApi } from '../shared/ops-api';
import { mockOpsSummary } from '../shared/ops-mock';
import { appendSample, type OpsSample } from './ops-history';

export function useOpsSummary() {
  const summary = useQuery({
    queryKey: ['ops', 'summary'],
    queryFn: ({ signal }) => opsApi.summary(() => mockOpsSummary(), signal),
    refetchInterval: REFRESH.opsSummaryMs,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const streams = useQuery({
    queryKey: ['ops', 'streams'],
    queryFn: ({ signal }) => opsApi.streams(signal),
    refetchInterval: REFRESH.opsSummaryMs,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const [history, setHistory] = useState<OpsSample[]>([]);
  const data = summary.data?.data;
  const at = summary.dataUpdatedAt;
  useEffect(() => {
    if (!data) return;
    setHistory((h) => appendSample(h, { at, pending: data.dlq_status.pending, lag: data.dlq_status.consumer_lag }));
  }, [data, at]);

  return { summary, streams, history };
}
