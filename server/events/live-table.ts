/**
 * The server's live routing table (docs/events.md "Live routing"): the platform's rows plus the rows
 * each domain module declares (`live` in its `defineModule`). The composition root (server/app.ts)
 * hands the modules' rows down once, with `setLiveRoutes`, before the event runtime starts: nothing
 * here imports the module list, so the outbox, which every route reaches through the route kit,
 * closes no import cycle back to it.
 *
 * The stream of a subject is the one the event catalogue declares (contract/event-catalogue.ts), and
 * a prefix of the catalogue's goes to its subjects' stream; only a subject outside it (the tests'
 * synthetic `jobs.*`) is routed by the table's prefix rows. The table handed down must agree with the
 * catalogue: a module whose live row sends a prefix elsewhere than its subjects' declared stream is
 * refused at start.
 */
import { liveTable, type LiveRoute, type LiveTable, type StreamName } from '../../contract/events';
import { EVENT_CATALOGUE, EVENT_SUBJECTS, STREAM_OF_SUBJECT } from '../../contract/event-catalogue';

const prefixOf = (subject: string) => {
  const dot = subject.indexOf('.');
  return dot < 0 ? subject : subject.slice(0, dot);
};

/** The stream of each prefix of the catalogue (every subject of one prefix is in one stream). */
const STREAM_OF_PREFIX = new Map<string, StreamName>();
for (const s of EVENT_SUBJECTS) {
  const p = prefixOf(s);
  const stream = EVENT_CATALOGUE[s].stream;
  const other = STREAM_OF_PREFIX.get(p);
  if (other && other !== stream) throw new Error(`Event catalogue: ${s} is declared on ${stream}, other ${p}.* subjects on ${other}`);
  STREAM_OF_PREFIX.set(p, stream);
}

/** The platform's rows until the composition root hands the modules' rows down. */
let table: LiveTable = liveTable([]);

/**
 * Sets the server's table from the domain modules' live rows (server/app.ts, once per app; the same
 * rows every time). Throws when a row disagrees with the catalogue's streams.
 */
export function setLiveRoutes(domainRoutes: readonly LiveRoute[]): LiveTable {
  const next = liveTable(domainRoutes);
  const wrong = EVENT_SUBJECTS.filter((s) => next.streamOf(s) !== EVENT_CATALOGUE[s].stream);
  if (wrong.length) {
    throw new Error(`Live routes disagree with the event catalogue: ${wrong.map((s) => `${s} is declared on ${EVENT_CATALOGUE[s].stream}, routed to ${next.streamOf(s)}`).join('; ')}`);
  }
  table = next;
  return next;
}

/** The table handed down (the platform's rows alone before that). */
export function serverLiveTable(): LiveTable {
  return table;
}

/** The log stream of a subject or of a prefix (`orders`, as JetStream's naming asks for a pattern's first token). */
export function streamOf(subject: string): StreamName {
  return STREAM_OF_SUBJECT.get(subject) ?? STREAM_OF_PREFIX.get(prefixOf(subject)) ?? table.streamOf(subject);
}
