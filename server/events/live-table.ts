/**
 * The server's live routing table (docs/events.md "Live routing"): the platform's rows plus the rows
 * each domain module declares (`live` in its `defineModule`, listed in server/api/routes.ts). The
 * outbox assigns streams from it and the JetStream naming reads it; the SSE hub names frames by
 * stream (contract/events.ts). Built on first use: the module list imports the route kit, which
 * imports the outbox, so reading the list while modules load would see it half-built.
 */
import { liveTable, type LiveTable, type StreamName } from '../../contract/events';
import { apiModules } from '../api/routes';

let table: LiveTable | undefined;

export function serverLiveTable(): LiveTable {
  table ??= liveTable(apiModules.flatMap((m) => m.live ?? []));
  return table;
}

export function streamOf(subject: string): StreamName {
  return serverLiveTable().streamOf(subject);
}
