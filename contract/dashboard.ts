/**
 * The dashboard's own reads on the wire (docs/dashboard.md): the pipeline backlog of the
 * dropshipping automation and the tenant's recent actions from the audit log. The cards import the
 * types only (no zod on the first page, docs/performance.md "Delivery").
 */
import { z } from 'zod';
import { queryInt } from './fields';

/**
 * Where an open order waits in the dropshipping automation (docs/dashboard.md "Pipeline backlog"),
 * in the order it walks them: taken in by the router, routed to its suppliers, confirmed by them, a
 * label bought, the carrier's first scan.
 */
export const PIPELINE_STAGES = ['intake', 'routing', 'supplier', 'label', 'tracking'] as const;
export type PipelineStageKey = (typeof PIPELINE_STAGES)[number];

export const pipelineStage = z.object({
  key: z.enum(PIPELINE_STAGES),
  /** the orders waiting in the stage */
  count: z.number().int(),
  /** of those, the orders on hold (docs/dropshipping.md "Hold rules") */
  held: z.number().int(),
  /** since when the longest-waiting of them waits in the stage; null when none waits */
  oldest_at: z.string().nullable(),
});
export type PipelineStage = z.infer<typeof pipelineStage>;

/** GET /api/dashboard/pipeline-backlog: every stage, in PIPELINE_STAGES order, zero counts included. */
export const pipelineBacklog = z.object({ stages: z.array(pipelineStage), as_of: z.string() });
export type PipelineBacklog = z.infer<typeof pipelineBacklog>;

/** The most recent actions a card asks for, and the most it may. */
export const RECENT_ACTIONS = { defaultLimit: 10, maxLimit: 50 } as const;
export const recentActionsQuery = z.object({ limit: queryInt(1, RECENT_ACTIONS.maxLimit).default(RECENT_ACTIONS.defaultLimit) });

/** One action of the tenant's audit log, as the dashboard reads it (docs/dashboard.md "Recent actions"). */
export const recentAction = z.object({
  id: z.number().int(),
  /** the person's email, or 'automation' for the background workers */
  who: z.string(),
  /** a readable verb and object: "Held order ORD-1042", "Voided label 1Z…" */
  what: z.string(),
  at: z.string(),
  /** the console's page of the object, when it has one */
  link: z.string().nullable(),
  action: z.string(),
  resource: z.string(),
  resource_id: z.string().nullable(),
});
export type RecentAction = z.infer<typeof recentAction>;
