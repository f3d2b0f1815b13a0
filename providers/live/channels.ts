/**
 * Which live channels an event belongs to: `*`, its SSE stream, and the Refine channel
 * `resources/<name>` of the resource the live routing names for its subject — the platform's rows
 * plus the rows the page modules declare (`liveRoutes`, from their `contract/<domain>.ts`), the same
 * rows the server modules declare, so they cannot drift (tests/unit/live-channels.test.ts).
 * The module list is handed in by the composition root (src/App.tsx): `liveChannels(modules)`.
 */
import { SSE_STREAMS, liveTable, resourceChannel, type LiveRoute, type LiveTable } from '../../contract/events';

/** What the routing reads from a page module: the live rows of the events its domain writes. */
export interface LiveRouteSource {
  liveRoutes?: readonly LiveRoute[];
}

export interface LiveChannels {
  /** The client's live routing table. */
  readonly table: LiveTable;
  /** The channels an event of this subject, arriving on this SSE stream, is delivered to. */
  channelsFor(subject: string, streamChannel: string): string[];
}

/** The tab's one EventSource listens to every SSE stream (the dashboard's `events` included). */
export const COMBINED_STREAMS = SSE_STREAMS;

export function liveChannels(modules: readonly LiveRouteSource[]): LiveChannels {
  const table = liveTable(modules.flatMap((m) => m.liveRoutes ?? []));
  return {
    table,
    channelsFor(subject, streamChannel) {
      const out = new Set<string>(['*', streamChannel]);
      const resource = table.routeOf(subject)?.resource;
      if (resource) out.add(resourceChannel(resource));
      return [...out];
    },
  };
}
