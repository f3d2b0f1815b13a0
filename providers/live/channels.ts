/**
 * Which live channels an event belongs to: `*`, its SSE stream, and the Refine channel
 * `resources/<name>` of the resource the live routing names for its subject — the platform's rows
 * plus the rows the page modules declare (`liveRoutes`, from their `contract/<domain>.ts`), the same
 * rows the server modules declare, so they cannot drift (tests/unit/live-channels.test.ts).
 */
import { SSE_STREAMS, liveTable, resourceChannel } from '../../contract/events';
import { modules } from '../../resources';

/** The client's live routing table. */
export const clientLiveTable = liveTable(modules.flatMap((m) => m.liveRoutes ?? []));

/** The tab's one EventSource listens to every SSE stream (the dashboard's `events` included). */
export const COMBINED_STREAMS = SSE_STREAMS;

export function channelsFor(subject: string, streamChannel: string): string[] {
  const out = new Set<string>(['*', streamChannel]);
  const resource = clientLiveTable.routeOf(subject)?.resource;
  if (resource) out.add(resourceChannel(resource));
  return [...out];
}
