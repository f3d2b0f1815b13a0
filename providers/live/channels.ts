/** Which live channels an event belongs to: Refine's `resources/<name>` plus the spec's stream names. */
const SUBJECT_RESOURCE: Record<string, string> = {
  orders: 'orders',
  products: 'products',
  suppliers: 'suppliers',
  flags: 'flags',
  webhooks: 'webhooks',
  dlq: 'dlq',
  alerts: 'alerts',
};

export const COMBINED_STREAMS = ['alerts', 'metrics', 'agents', 'jobs'] as const;

export function channelsFor(subject: string, streamChannel: string): string[] {
  const out = new Set<string>(['*', streamChannel]);
  const resource = SUBJECT_RESOURCE[subject.split('.')[0]];
  if (resource) out.add(`resources/${resource}`);
  return [...out];
}
