/**
 * Work items on the wire (docs/alerts.md "Work items"): what waits for a person on /work besides the
 * alerts — orders on hold (docs/dropshipping.md "Hold rules") and the dropshipping automation's
 * failures (its steps' messages dead-lettered, docs/dropshipping.md "Automation"), each with its
 * reason and the action that clears it.
 */
import { z } from 'zod';
import { pageQuery } from './api';
import { text } from './fields';

/** An order on hold, or a step of the automation that gave up after its retries. */
export const WORK_ITEM_KINDS = ['hold', 'automation_failure'] as const;
export type WorkItemKind = (typeof WORK_ITEM_KINDS)[number];

/**
 * What clears an item, each through an existing command:
 * - `release_hold`: POST /orders/{id}/release-hold (a hold rule, a person's hold, a label dearer than the margin);
 * - `choose_supplier`: the order's page — the hold is a block no release clears (unmapped SKU, no
 *   supplier ships there, none has stock, every one was tried): a supplier must be mapped or stocked first;
 * - `retry`: POST /dlq/{id}/replay (ops:dlq) — the step runs again where it stopped.
 */
export const WORK_ITEM_ACTIONS = ['release_hold', 'choose_supplier', 'retry'] as const;
export type WorkItemAction = (typeof WORK_ITEM_ACTIONS)[number];

/** The automation's steps, by the consumer that runs them (server/api/fulfillment/consumers.ts). */
export const AUTOMATION_STEPS = {
  'dropship-router': 'routing',
  'dropship-labels': 'label',
  'dropship-tracking': 'tracking',
  'dropship-intake': 'intake',
} as const;
export type AutomationStep = (typeof AUTOMATION_STEPS)[keyof typeof AUTOMATION_STEPS];

const RETRY_LABEL: Record<AutomationStep, string> = {
  routing: 'Retry routing',
  label: 'Retry label',
  tracking: 'Retry tracking push',
  intake: 'Retry intake',
};

/** Hold reasons that a release does not clear: the router holds the order again (docs/dropshipping.md "Hold rules"). */
const BLOCKS = [/(^|; )unmapped SKU/, /(^|; )no supplier of .+ ships to /, /(^|; )out of stock at every supplier of /, /(^|; )every supplier of .+ was tried/];

/** The action that clears a hold with this reason (the reasons of one order are joined by "; "). */
export function holdAction(reason: string): WorkItemAction {
  return BLOCKS.some((b) => b.test(reason)) ? 'choose_supplier' : 'release_hold';
}

/** The button's words for an item's action. */
export function actionLabel(action: WorkItemAction, step: AutomationStep | null): string {
  if (action === 'release_hold') return 'Release hold';
  if (action === 'choose_supplier') return 'Choose supplier';
  return step ? RETRY_LABEL[step] : 'Retry';
}

export const workItemRow = z.object({
  /** `hold:<order id>` or `dlq:<dead letter id>` */
  id: z.string(),
  kind: z.enum(WORK_ITEM_KINDS),
  /** the order it is about (a failed intake names none) */
  order_id: z.string().nullable(),
  order_status: z.string().nullable(),
  marketplace: z.string().nullable(),
  /** the order's SKUs */
  skus: z.array(z.string()),
  /** why it waits: the hold's reason, or the step's last error */
  reason: z.string(),
  /** the automation's step that failed; null for a hold */
  step: z.enum(Object.values(AUTOMATION_STEPS) as [AutomationStep, ...AutomationStep[]]).nullable(),
  action: z.enum(WORK_ITEM_ACTIONS),
  action_label: z.string(),
  /** the dead letter a retry replays; null for a hold */
  dlq_id: z.string().nullable(),
  /** attempts made before the step gave up; null for a hold */
  attempts: z.number().int().nullable(),
  /** since when it waits: held at, or the step's first failure */
  since: z.string(),
});
export type WorkItemRow = z.infer<typeof workItemRow>;

/** GET /work/items: `sort` by age only (`desc`, the default: the oldest first). */
export const workItemsQuery = pageQuery.extend({
  kind: z.enum(WORK_ITEM_KINDS).optional(),
  /** an order number or a SKU (part of either) */
  search: text({ max: 200 }).optional(),
  sort: z.enum(['age']).default('age'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type WorkItemsQuery = z.infer<typeof workItemsQuery>;
