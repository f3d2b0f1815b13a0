/**
 * JetStream naming (docs/events.md, docs/events.md): one JetStream stream per event stream,
 * `<prefix><STREAM>`, capturing `<prefix><STREAM>.>`; an event's subject is
 * `<prefix><STREAM>.<subject>` and its tenant travels in the `Tenant-Id` header, so subject
 * filters stay tenant-agnostic. One durable per (consumer, stream, filter): docs/product/architecture.md §8 allows one
 * filter subject per consumer.
 */
import { STREAM_NAMES, type StreamName } from '../../../contract/events';
import { streamOf } from '../live-table';
import { streamsOfPattern } from '../subjects';

export const jsStream = (prefix: string, s: StreamName) => `${prefix}${s}`;
export const jsSubject = (prefix: string, subject: string) => `${prefix}${streamOf(subject)}.${subject}`;
export const advisoryStream = (prefix: string) => `${prefix}ADVISORIES`;
export const maxDeliveriesAdvisory = (stream: string, consumer = '*') => `$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${stream}.${consumer}`;

export interface DurableSpec { stream: string; durable: string; filter: string }

/** Durable names encode the consumer: `<consumer>__<STREAM>__<n>` (advisories name the durable). */
export function durablesOf(prefix: string, consumer: string, patterns: readonly string[]): DurableSpec[] {
  const out: DurableSpec[] = [];
  patterns.forEach((p, i) => {
    for (const s of streamsOfPattern(p, streamOf)) {
      const first = p.split('.')[0];
      const filter = first === '>' ? `${prefix}${s}.>` : `${prefix}${s}.${p}`;
      out.push({ stream: jsStream(prefix, s), durable: `${consumer}__${s}__${i}`, filter });
    }
  });
  return out;
}

export function consumerOfDurable(durable: string): string {
  return durable.split('__')[0];
}

export const ALL_STREAMS: readonly StreamName[] = STREAM_NAMES;
