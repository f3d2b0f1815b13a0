/** Event streams group subjects — DESIGN §5. */
export const STREAM_NAMES = ['ORDERS', 'FULFILLMENT', 'PRICING', 'ALERTS', 'AGENTS', 'METRICS', 'JOBS'] as const;
export type StreamName = (typeof STREAM_NAMES)[number];

const PREFIX_TO_STREAM: Record<string, StreamName> = {
  orders: 'ORDERS',
  fulfillment: 'FULFILLMENT',
  labels: 'FULFILLMENT',
  returns: 'FULFILLMENT',
  products: 'PRICING',
  pricing: 'PRICING',
  suppliers: 'JOBS',
  alerts: 'ALERTS',
  agents: 'AGENTS',
  metrics: 'METRICS',
  jobs: 'JOBS',
  flags: 'JOBS',
  webhooks: 'JOBS',
};

export function streamOf(subject: string): StreamName {
  return PREFIX_TO_STREAM[subject.split('.')[0]] ?? 'JOBS';
}
