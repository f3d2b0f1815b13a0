/**
 * What `filter=critical` and `filter=policy` mean on /streams (docs/product/routes-and-roles.md names them, says no more;
 * docs/ops-ui.md records the decision):
 * - critical — alert events of severity "critical" (docs/product/data.md alert severities), pending dead letters
 *   (each one needs a person), and consumers with dead letters or lag above 1000 (docs/product/constants.md threshold);
 * - policy — policy-related subjects: the pricing stream's `pricing.*` subjects (MAP violations, price
 *   proposals and repricing rules are the seller's pricing policy), and the consumers that read them.
 */
import { NEEDS_ATTENTION, PAGE } from '../../contract/constants';
import type { ConsumerInfo, EventRow } from '../../contract/streams';
import type { StreamFilter } from './streams-url';
import { consumerSees } from './subject-match';

export const POLICY_SUBJECT = 'pricing.>';

/**
 * The newest alert events scanned for critical ones (the events API has no severity filter): one
 * request of the API's largest page, what the data provider asks for a list without pages.
 */
export const CRITICAL_SCAN = PAGE.maxSize;

export function isCriticalEvent(e: Pick<EventRow, 'stream' | 'data'>): boolean {
  const d = e.data as { severity?: unknown; level?: unknown } | null;
  return e.stream === 'ALERTS' && !!d && (d.severity === 'critical' || d.level === 'critical');
}

/** The subject a tab queries: the explicit pre-filter wins over the policy subjects. */
export function effectiveSubject(filter: StreamFilter | undefined, subject: string | undefined): string | undefined {
  return subject ?? (filter === 'policy' ? POLICY_SUBJECT : undefined);
}

export function consumerVisible(c: ConsumerInfo, dlqCount: number, filter: StreamFilter | undefined, subject: string | undefined): boolean {
  const s = effectiveSubject(filter, subject);
  if (s && !consumerSees(c.filter_subjects, s)) return false;
  if (filter === 'critical') return dlqCount > 0 || c.lag > NEEDS_ATTENTION.consumerLag;
  return true;
}
