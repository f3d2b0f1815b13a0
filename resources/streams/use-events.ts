/**
 * The Events tab's data (issue 6 §5 paged events with filters, §9): server-side pages, or — for
 * filter=critical — the newest alert events with the critical ones picked out here. On page 1 a live
 * event refetches (live tail), at most once a second so a burst costs one request.
 */
import { useEffect, useRef } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { liveHub } from '../../providers/live';
import { opsApi, type EventRow } from '../shared/ops-api';
import { CRITICAL_SCAN, isCriticalEvent } from './stream-filters';

export interface EventsQuery {
  stream?: string;
  subject?: string;
  critical: boolean;
  page: number;
  pageSize: number;
  follow: boolean;
}

export const EVENTS_KEY = ['streams', 'events'] as const;
const TAIL_THROTTLE_MS = 1_000;

export function useEvents(q: EventsQuery) {
  const client = useQueryClient();
  const result = useQuery({
    queryKey: [...EVENTS_KEY, q.stream, q.subject, q.critical, q.critical ? 0 : q.page, q.pageSize],
    queryFn: async ({ signal }): Promise<{ data: EventRow[]; total: number; scanned?: number }> => {
      if (q.critical) {
        const scan = await opsApi.events({ stream: 'ALERTS', subject: q.subject, limit: CRITICAL_SCAN, offset: 0 }, signal);
        const rows = scan.data.filter(isCriticalEvent);
        return { data: rows, total: rows.length, scanned: scan.data.length };
      }
      const page = await opsApi.events({ stream: q.stream, subject: q.subject, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }, signal);
      return { data: page.data, total: page.total };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const tailing = q.follow && (q.page === 1 || q.critical);
  const last = useRef(0);
  useEffect(() => {
    if (!tailing) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refetch = () => {
      last.current = Date.now();
      void client.invalidateQueries({ queryKey: EVENTS_KEY });
    };
    const off = liveHub.subscribe('*', (e) => {
      if (e.event === 'heartbeat' || timer) return;
      const wait = Math.max(0, last.current + TAIL_THROTTLE_MS - Date.now());
      timer = setTimeout(() => {
        timer = null;
        refetch();
      }, wait);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [tailing, client]);

  return { ...result, tailing };
}
