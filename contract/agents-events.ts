/**
 * The agents' events (docs/agents.md "Events"; docs/events.md "Event catalogue"): a run queued (what
 * the agent's consumer picks up) and finished, an agent paused, resumed or given new settings, and
 * the alerts the demand forecaster and the competitor monitor raise, and the buy box won back that
 * resolves the competitor monitor's buy-box alert (docs/alerts.md "Automatic resolution").
 */
import { z } from 'zod';
import { alertPayload, defineEvents, event } from './event-kit';
import { AGENT_NAMES, RUN_STATUSES, RUN_TRIGGERS } from './agents';

export const AGENT_EVENTS = {
  runRequested: 'agents.run_requested',
  runFinished: 'agents.run_finished',
  paused: 'agents.paused',
  resumed: 'agents.resumed',
  settingsChanged: 'agents.settings_changed',
  buyBoxWon: 'agents.buy_box_won',
} as const;
export const STOCKOUT_ALERT_SUBJECT = 'alerts.stockout_risk';
export const COMPETITOR_ALERT_SUBJECT = 'alerts.competitor_change';
export const COMPETITOR_CHANGES = ['new_entrant', 'price_drop', 'buy_box_lost', 'buy_box_won', 'map_violator'] as const;
export type CompetitorChange = (typeof COMPETITOR_CHANGES)[number];
/** The `source` of the competitor monitor's alerts. */
export const COMPETITOR_ALERT_SOURCE = 'competitor-monitor';

/**
 * A competitor alert's event id, `competitor:<listing>:<change>:<seller>` (docs/agents.md "Competitor
 * monitor"): one open alert per listing, change and seller, so a repeat folds. Without a seller, the
 * start every such id of the listing and change shares (how a won buy box finds the lost one).
 */
export function competitorAlertId(listingId: string, change: CompetitorChange, seller?: string): string {
  return `competitor:${listingId}:${change}:${seller ?? ''}`;
}

const agent = z.enum(AGENT_NAMES);

export const agentsEvents = defineEvents({
  [AGENT_EVENTS.runRequested]: event(
    'AGENTS',
    'A run of an agent was queued (run now, its schedule or an event): its consumer picks it up',
    z.strictObject({ run_id: z.string(), agent, trigger: z.enum(RUN_TRIGGERS) }),
  ),
  [AGENT_EVENTS.runFinished]: event(
    'AGENTS',
    'A run of an agent finished, with its outputs or its error',
    z.strictObject({ run_id: z.string(), agent, status: z.enum(RUN_STATUSES), duration_ms: z.number(), outputs: z.record(z.string(), z.number()).nullable(), error: z.string().nullable() }),
  ),
  [AGENT_EVENTS.paused]: event('AGENTS', 'A person paused an agent: no scheduled or requested run starts', z.strictObject({ agent, by: z.string() })),
  [AGENT_EVENTS.resumed]: event('AGENTS', 'A person resumed a paused agent', z.strictObject({ agent, by: z.string() })),
  [AGENT_EVENTS.settingsChanged]: event(
    'AGENTS',
    'A person changed an agent\'s thresholds',
    z.strictObject({ agent, by: z.string(), changed: z.array(z.string()) }),
  ),
  [AGENT_EVENTS.buyBoxWon]: event(
    'AGENTS',
    'The competitor monitor saw the store win back a listing\'s buy box: the listing\'s open buy-box alert resolves',
    z.strictObject({ listing_id: z.string(), sku: z.string(), seller: z.string() }),
  ),
  [STOCKOUT_ALERT_SUBJECT]: event(
    'ALERTS',
    'Alert: a dropshipped best seller is about to run out at its first supplier (with the backup supplier)',
    alertPayload('stockout_risk', {
      variant_id: z.string(), sku: z.string(), supplier_id: z.string(), days_of_cover: z.number(),
      backup_supplier_id: z.string().nullable(),
    }),
  ),
  [COMPETITOR_ALERT_SUBJECT]: event(
    'ALERTS',
    'Alert: a competitor entered a listing, dropped its price beyond the threshold, took or gave back the buy box, or sells below MAP',
    alertPayload('competitor_change', {
      listing_id: z.string(), sku: z.string(), change: z.enum(COMPETITOR_CHANGES), seller: z.string(), price_cents: z.number().nullable(),
    }),
  ),
});
