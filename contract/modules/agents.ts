/**
 * The agents' plain facts (docs/agents.md): no zod, so the page registry may load them with the first
 * page; contract/agents.ts re-exports them. `agents.*` events are the platform's AGENTS stream
 * (contract/events.ts `PLATFORM_LIVE_ROUTES`); the `agents` resource's permission mapping is the
 * platform's (`ops:agents`, contract/permissions.ts).
 */

/** The agents /agents controls, by their API name, with the worker heartbeat each reports under. */
export const AGENT_HEARTBEATS = { demand: 'demand-forecasting', competitor: 'competitor-monitor', pricing: 'repricer' } as const;
