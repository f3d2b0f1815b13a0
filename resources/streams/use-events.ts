/**
 * The Events tab's table (docs/ops-ui.md): server-side pages of `GET /streams/events` through Refine's
 * `useTable` with its state in the URL like every list (resources/shared/use-list-table.ts:
 * `?stream=ORDERS&subject=orders.*&page=2`), or — for filter=critical — the newest alert events in one
 * request, the critical ones picked out here. On page 1 a live event refetches (live tail), at most
 * once a second so a burst costs one request.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useInvalidate, type CrudFilter } from '@refinedev/core';
import type { EventRow } from '../../contract/streams';
import { useLiveHub } from '../../providers/live';
import { useListTable } from '../shared/use-list-table';
import { POLICY_SUBJECT, isCriticalEvent } from './stream-filters';
import type { StreamFilter } from './streams-url';

export interface EventsTabOptions {
  /** The page-wide `filter` of /streams. */
  filter?: StreamFilter;
  /** "Follow live": refetch page 1 on live events. */
  follow: boolean;
}

const TAIL_THROTTLE_MS = 1_000;
const EVENTS = { resource: 'events', meta: { path: '/streams/events' } } as const;

/** filter=critical reads the alert stream only. */
const CRITICAL_STREAM: CrudFilter[] = [{ field: 'stream', operator: 'eq', value: 'ALERTS' }];

/**
 * filter=policy reads the policy subjects unless the user names a subject: a group of its own (Refine
 * keeps it apart from the `subject` filter and out of the URL), which the data provider writes before
 * the table's filters, so a `subject` the user sets replaces it (providers/api/list-query.ts).
 */
const POLICY_SUBJECTS: CrudFilter[] = [{ key: 'policy', operator: 'and', value: [{ field: 'subject', operator: 'eq', value: POLICY_SUBJECT }] }];

export function useEvents({ filter, follow }: EventsTabOptions) {
  const invalidate = useInvalidate();
  const liveHub = useLiveHub();
  const critical = filter === 'critical';
  const permanent = useMemo(() => (critical ? CRITICAL_STREAM : filter === 'policy' ? POLICY_SUBJECTS : undefined), [critical, filter]);
  const list = useListTable<EventRow>({ ...EVENTS, permanent, staleTime: 0, pagination: critical ? 'off' : 'server' });

  const loaded = list.tableProps.dataSource ?? [];
  const rows = critical ? loaded.filter(isCriticalEvent) : loaded;
  /** How many alert events the critical filter looked through (one page of the API's largest size). */
  const scanned = critical && list.tableQuery.data ? loaded.length : undefined;

  const tailing = follow && (critical || list.currentPage === 1);
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
  }, [tailing, invalidate, liveHub]);

  return { ...list, critical, rows, scanned, tailing };
}
