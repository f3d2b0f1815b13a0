/**
 * A supplier's score and rates on its page — docs/commerce-ui.md "Suppliers". The rates on a supplier
 * row are written by scoring; until a supplier has been scored they are defaults, not measurements, so
 * they show "—" with a sentence on how a score arises (and why Score all cannot score it yet).
 */
import { Card, Col, Row, Statistic } from 'antd';
import { percent, score } from '../shared/format';
import { TierTag } from './tier-tag';
import type { Supplier } from '../../contract/suppliers';

/** How this supplier's score arises, or when it was last computed. */
export function scoreExplanation(s: Supplier): string {
  if (s.scored_at) return '';
  const how = 'A score comes from monthly performance (on-time, defect and cancellation rates, lead time) over the last 12 months, computed by Score all on the supplier list.';
  if ((s.history_months ?? 0) === 0) return `No score yet. ${how} No performance has been recorded for this supplier yet, so Score all skips it.`;
  return `Not scored yet. ${how} ${s.history_months} month${s.history_months === 1 ? '' : 's'} of performance recorded.`;
}

export function SupplierSummary({ s }: { s: Supplier }) {
  const measured = s.scored_at !== null;
  const rate = (r: number) => (measured ? percent(r) : '—');
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic title="Score" value={score(s.score)} suffix={s.score === null ? undefined : '/ 100'} />
          <TierTag tier={s.tier} />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small"><Statistic title="On-time rate" value={rate(s.on_time_rate)} /></Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small"><Statistic title="Defect rate" value={rate(s.defect_rate)} /></Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small"><Statistic title="Lead time" value={s.lead_time_days} suffix="days" /></Card>
      </Col>
    </Row>
  );
}

/** What deleting the supplier will do, from the counts the detail carries. */
export function supplierDeleteNotice(s: Supplier): string[] {
  const main = s.products_count ?? 0;
  const linked = s.linked_products_count ?? 0;
  const out: string[] = [];
  if (main > 0) out.push(`${main} product${main === 1 ? ' uses' : 's use'} this supplier; ${main === 1 ? 'it' : 'they'} will have no main supplier.`);
  if (linked > 0) out.push(`${linked} product${linked === 1 ? ' lists' : 's list'} it among ${linked === 1 ? 'its' : 'their'} suppliers; ${linked === 1 ? 'that link is' : 'those links are'} removed.`);
  if (out.length === 0) out.push('No product uses this supplier.');
  out.push('Its performance history is deleted with it; this cannot be undone.');
  return out;
}
