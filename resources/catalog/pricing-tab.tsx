/**
 * The Pricing tab of /catalog: where the catalogue's prices stand with the repricer (docs/repricing.md)
 * — how many rules govern listings and how many proposals wait for a person, each counted by the
 * server (the lists' totals), with the pages that act on them.
 */
import { Card, Col, Row, Space, Statistic, Typography } from 'antd';
import { useList } from '@refinedev/core';
import { Link } from 'react-router';
import type { PriceProposal, PricingRule } from '../../contract/pricing';
import { RULES_META } from '../pricing/rule-editor';
import { PROPOSALS_META } from '../pricing/proposals-table';
import { LoadError } from '../shared/list-error';

const COUNT = { pagination: { currentPage: 1, pageSize: 1 }, errorNotification: false } as const;

export function PricingTab() {
  const rules = useList<PricingRule>({ resource: 'pricing_rules', meta: RULES_META, ...COUNT });
  const pending = useList<PriceProposal>({ resource: 'price_proposals', meta: PROPOSALS_META, filters: [{ field: 'status', operator: 'eq', value: 'pending' }], ...COUNT });
  const failed = [rules, pending].find((l) => l.query.isError);
  if (failed) return <LoadError what="the pricing figures" error={failed.query.error} onRetry={() => void Promise.all([rules.query.refetch(), pending.query.refetch()])} />;
  const ruleCount = rules.result.total;
  const waiting = pending.result.total;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12}>
        <Card title="Repricing rules">
          <Statistic title="Rules" value={rules.query.isPending ? '…' : ruleCount} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {ruleCount === 0 ? 'No rule yet: no listing is repriced until one governs it.' : 'The most specific rule governs each listing.'}
          </Typography.Paragraph>
          <Link to="/pricing">Manage rules</Link>
        </Card>
      </Col>
      <Col xs={24} md={12}>
        <Card title="Price proposals">
          <Statistic title="Waiting for approval" value={pending.query.isPending ? '…' : waiting} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            Rules in proposals mode ask before a price moves.
          </Typography.Paragraph>
          <Space size="middle" wrap>
            <Link to="/pricing/propose">Review proposals</Link>
            <Link to="/pricing/agent">Pricing Intelligence</Link>
          </Space>
        </Card>
      </Col>
    </Row>
  );
}
