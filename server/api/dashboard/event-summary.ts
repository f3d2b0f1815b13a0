/**
 * One line per event for the dashboard's Recent Events feed (docs/alerts.md "Dashboard"): in the
 * seller's words, with a severity and the page of the object it is about. A subject without its own
 * line reads the first clause of its declaration in the events catalogue, so every subject has one.
 */
import { EVENT_CATALOGUE, type EventSubject, isEventSubject } from '../../../contract/event-catalogue';
import type { DashboardEventSeverity } from '../../../contract/dashboard-feed';
import { formatCents } from '../../../contract/money';
import { humanize } from '../../../contract/words';

export interface EventLine {
  summary: string;
  severity: DashboardEventSeverity;
  link: string | null;
}

type Data = Record<string, unknown>;
const str = (v: unknown) => (v == null ? '' : String(v));
const orderLink = (d: Data) => (d.order_id ? `/orders/${str(d.order_id)}` : null);
const words = (v: unknown) => humanize(str(v)).toLowerCase();

const LINES: Partial<Record<EventSubject, (d: Data) => EventLine>> = {
  'orders.created': (d) => ({ summary: `New ${humanize(str(d.marketplace))} order${d.external_order_id ? ` ${str(d.external_order_id)}` : ''}`, severity: 'info', link: `/orders/${str(d.id)}` }),
  'orders.status_changed': (d) => ({ summary: `Order ${words(d.from)} → ${words(d.to)}`, severity: d.to === 'cancelled' ? 'warning' : d.to === 'delivered' ? 'success' : 'info', link: `/orders/${str(d.id)}` }),
  'orders.cancelled': (d) => ({ summary: `Order cancelled${d.reason ? `: ${str(d.reason)}` : ''}`, severity: 'warning', link: `/orders/${str(d.id)}` }),
  'fulfillment.held': (d) => ({ summary: `Order held for review${Array.isArray(d.reasons) && d.reasons.length ? `: ${d.reasons.map(words).join(', ')}` : ''}`, severity: 'warning', link: orderLink(d) }),
  'fulfillment.released': (d) => ({ summary: 'Held order released to the automation', severity: 'info', link: orderLink(d) }),
  'fulfillment.routed': () => ({ summary: 'Order routed to a supplier', severity: 'info', link: null }),
  'fulfillment.po_placed': (d) => ({ summary: `Purchase order ${str(d.number)} placed with ${str(d.supplier_name)} (${formatCents(Number(d.total_cents ?? 0))})`, severity: 'info', link: orderLink(d) }),
  'fulfillment.po_confirmed': (d) => ({ summary: `Purchase order ${str(d.number)} confirmed by the supplier`, severity: 'success', link: orderLink(d) }),
  'fulfillment.po_rejected': (d) => ({ summary: `Purchase order ${str(d.number)} rejected${d.reason ? `: ${str(d.reason)}` : ''}`, severity: 'error', link: orderLink(d) }),
  'fulfillment.po_shipped': (d) => ({ summary: `Purchase order ${str(d.number)} shipped by the supplier`, severity: 'success', link: orderLink(d) }),
  'fulfillment.po_cancelled': (d) => ({ summary: `Purchase order ${str(d.number)} cancelled`, severity: 'warning', link: orderLink(d) }),
  'fulfillment.tracking_pushed': (d) => ({ summary: `Tracking ${str(d.tracking_number)} (${str(d.carrier)}) sent to ${humanize(str(d.marketplace))}`, severity: 'success', link: orderLink(d) }),
  'labels.bought': (d) => ({ summary: `${str(d.carrier)} label bought (${formatCents(Number(d.rate_cents ?? 0))})${d.late ? ', ships late' : ''}`, severity: d.late ? 'warning' : 'info', link: orderLink(d) }),
  'labels.tracking': (d) => ({ summary: `Parcel ${words(d.status)}${d.message ? `: ${str(d.message)}` : ''}`, severity: d.status === 'delivered' ? 'success' : d.status === 'exception' ? 'error' : 'info', link: orderLink(d) }),
  'labels.voided': (d) => ({ summary: `${str(d.carrier)} label voided`, severity: 'info', link: orderLink(d) }),
  'returns.requested': (d) => ({ summary: `Return ${str(d.number)} requested${d.reason ? `: ${words(d.reason)}` : ''}`, severity: 'warning', link: '/returns' }),
  'returns.status_changed': (d) => ({ summary: `Return ${str(d.number)} ${words(d.from)} → ${words(d.to)}`, severity: 'info', link: '/returns' }),
  'listings.violation_opened': (d) => ({
    summary: `MAP violation on ${str(d.sku)}: ${formatCents(Number(d.observed_price_cents ?? 0))} below ${formatCents(Number(d.map_price_cents ?? 0))}`,
    severity: 'warning',
    link: `/products?sku=${encodeURIComponent(str(d.sku))}`,
  }),
  'listings.violation_resolved': (d) => ({ summary: `MAP violation on ${str(d.sku)} resolved`, severity: 'success', link: `/products?sku=${encodeURIComponent(str(d.sku))}` }),
  'listings.pushed': (d) => ({ summary: `Listing ${str(d.sku)} ${words(d.status)}`, severity: 'info', link: '/listings' }),
  'listings.refused': (d) => ({ summary: `Listing ${str(d.sku)} refused by the marketplace${d.feed_message ? `: ${str(d.feed_message)}` : ''}`, severity: 'error', link: '/listings' }),
  'pricing.proposal_created': (d) => ({ summary: `${str(d.count)} price proposal${d.count === 1 ? '' : 's'} to review`, severity: 'info', link: '/pricing' }),
  'pricing.proposal_decided': (d) => ({ summary: `Price proposal ${words(d.status)}${d.new_price_cents != null ? ` (${formatCents(Number(d.new_price_cents))})` : ''}`, severity: 'info', link: '/pricing' }),
  'pricing.buy_box_regained': () => ({ summary: 'Buy box regained', severity: 'success', link: '/pricing/agent' }),
  'products.created': (d) => ({ summary: `Product ${str(d.sku)} created`, severity: 'info', link: `/products/${str(d.id)}` }),
  'products.deleted': (d) => ({ summary: `Product ${str(d.sku)} deleted`, severity: 'info', link: null }),
  'products.updated': (d) => ({ summary: `Product ${str(d.sku)} updated`, severity: 'info', link: `/products/${str(d.id)}` }),
};

const ALERT_SEVERITY: Record<string, DashboardEventSeverity> = { critical: 'critical', high: 'error', warning: 'warning', info: 'info' };

/** What an alert is about, for its link: the order, the SKU, the dead letter. */
function alertLink(d: Data): string | null {
  if (d.order_id) return `/orders/${str(d.order_id)}`;
  if (d.sku) return `/products?sku=${encodeURIComponent(str(d.sku))}`;
  if (d.dlq_id) return '/streams?tab=dlq';
  return '/work';
}

export function eventLine(subject: string, data: unknown): EventLine {
  const d = (data && typeof data === 'object' ? data : {}) as Data;
  const line = isEventSubject(subject) ? LINES[subject] : undefined;
  if (line) return line(d);
  if (subject.startsWith('alerts.')) return { summary: str(d.message) || humanize(subject.slice(7)), severity: ALERT_SEVERITY[str(d.severity)] ?? 'warning', link: alertLink(d) };
  const declared = isEventSubject(subject) ? EVENT_CATALOGUE[subject].description : undefined;
  // the declaration's first clause: "An order arrived: synced from…" → "An order arrived"
  return { summary: declared ? declared.split(/[:(;]/)[0].trim() : humanize(subject.replace('.', ' ')), severity: 'info', link: null };
}
