/**
 * /suppliers/:id — spec §2.1, issue 5 §5: the supplier's fields, score, tier, a performance summary
 * (recency-weighted rates stored by the last scoring) and the way to its monthly performance charts.
 */
import { DeleteButton, EditButton, Show } from '@refinedev/antd';
import { useShow } from '@refinedev/core';
import { Button, Card, Col, Descriptions, Row, Statistic, Typography } from 'antd';
import { LineChartOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '../shared/list-error';
import { dateTime, percent } from '../shared/format';
import { TierTag } from './tier-tag';
import type { Supplier } from './types';

export default function SupplierShow() {
  const navigate = useNavigate();
  const { query, result: s } = useShow<Supplier>({ resource: 'suppliers' });
  return (
    <Show
      title={s ? s.name : 'Supplier'}
      isLoading={query.isLoading}
      headerButtons={() =>
        s && (
          <>
            <Button icon={<LineChartOutlined />} onClick={() => navigate(`/suppliers/${s.id}/performance`)}>
              Performance
            </Button>
            <EditButton resource="suppliers" recordItemId={s.id} />
            <DeleteButton resource="suppliers" recordItemId={s.id} confirmTitle={`Delete ${s.name}?`} />
          </>
        )
      }
    >
      {query.isError && <LoadError what="the supplier" error={query.error} onRetry={() => query.refetch()} />}
      {s && (
        <>
          <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic title="Score" value={s.score ?? '—'} precision={s.score === null ? undefined : 1} suffix={s.score === null ? undefined : '/ 100'} />
                <TierTag tier={s.tier} />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card size="small"><Statistic title="On-time rate" value={percent(s.on_time_rate)} /></Card>
            </Col>
            <Col xs={12} md={6}>
              <Card size="small"><Statistic title="Defect rate" value={percent(s.defect_rate)} /></Card>
            </Col>
            <Col xs={12} md={6}>
              <Card size="small"><Statistic title="Lead time" value={s.lead_time_days} suffix="days" /></Card>
            </Col>
          </Row>
          <Typography.Paragraph type="secondary">
            Cancellation rate {percent(s.cancellation_rate)}. {s.scored_at ? `Last scored ${dateTime(s.scored_at)}.` : 'Not scored yet: use Score all on the supplier list.'}{' '}
            <Link to={`/suppliers/${s.id}/performance`}>See the monthly performance</Link> ·{' '}
            <Link to={`/products?supplier_id=${s.id}`}>Products from this supplier</Link>
          </Typography.Paragraph>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label="Contact">{s.contact_name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Email">{s.email ? <a href={`mailto:${s.email}`}>{s.email}</a> : '—'}</Descriptions.Item>
            <Descriptions.Item label="Phone">{s.phone ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Country">{s.country ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Created">{dateTime(s.created_at)}</Descriptions.Item>
            <Descriptions.Item label="Updated">{dateTime(s.updated_at)}</Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Show>
  );
}
