/**
 * The Events tab's data (docs/ops-ui.md): server-side pages of `GET /streams/events`, or — for
 * filter=critical — the newest alert events with the critical ones picked out here; read through the
 * Refine data provider. On page 1 a live event refetches (live tail), at most once a second so a burst
 * costs one request.
 */
import { useEffect, useRef } from 'react';
import { useInvalidate, useList, type CrudFilter } from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import type { EventRow, EventsQuery } from '../../contract/streams';
import { liveHub } from '../../providers/live';
import { CRITICAL_SCAN, isCriticalEvent } from './stream-filters';

/**
 * What the tab asks for: the wire filters of `GET /streams/events` (contract/streams.ts `eventsQuery`),
 * plus the tab's own state (critical filter, page, live tail) that the hook turns into Refine's paging.
 */
export interface EventsTabQuery extends Pick<EventsQuery, 'stream' | 'subject'> {
  critical: boolean;
  page: number;
  pageSize: number;
  follow: boolean;
}

const TAIL_THROTTLE_MS = 1_000;
const EVENTS = { resource: 'events', meta: { path: '/streams/events' } } as const;

export function useEvents(q: EventsTabQuery) {
  const invalidate = useInvalidate();
  const filters: CrudFilter[] = [
    { field: 'stream', operator: 'eq', value: q.critical ? 'ALERTS' : q.stream },
    { field: 'subject', operator: 'eq', value: q.subject },
  ];
  const { query } = useList<EventRow>({
    ...EVENTS,
    filters,
    pagination: q.critical ? { currentPage: 1, pageSize: CRITICAL_SCAN } : { currentPage: q.page, pageSize: q.pageSize },
    queryOptions: { placeholderData: keepPreviousData, staleTime: 0 },
    errorNotification: false,
  });
  const rows = query.data?.data;
  const data = !rows
    ? undefined
    : q.critical
      ? { data: rows.filter(isCriticalEvent), total: rows.filter(isCriticalEvent).length, scanned: rows.length }
      : { data: rows, total: query.data?.total ?? rows.length, scanned: undefined };

  const tailing = q.follow && (q.page === 1 || q.critical);
  const last = useRef(0);
  useEffect(() => {
    if (!tailing) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refetch = () => {
      last.current = Date.now();
      void invalidate({ resource: EVENTS.resource, invalidates: ['list'] });
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
  }, [tailing, invalidate]);

  return { ...query, data, tailing };
}
