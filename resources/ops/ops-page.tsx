/**
 * /ops — Ops Console (docs/product/routes-and-roles.md, docs/product/data.md ops summary, docs/product/api-calls.md "The calls": polled every 10 s with a mock fallback flagged
 * "Mocked data"): build, event engine, DLQ status, service levels, database, cache, agent health and
 * the stream / consumer charts.
 */
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { PageHeader } from '../../src/shell/page-header';
import { LoadError } from '../shared/list-error';
import { ago } from '../shared/ops-format';
import { useOpsSummary } from './use-ops-summary';
import { OpsKpis } from './ops-kpis';
import { BuildCard, CacheCard, DatabaseCard, EngineCard, SloCard } from './ops-detail-cards';
import { DlqCard } from './ops-dlq-card';
import { AgentHealthCard } from './ops-agent-health';
import { ConsumerLagChart, LagHistoryChart, StreamMessagesChart } from './ops-charts';

export default function OpsPage() {
  const { summary, streams, history } = useOpsSummary();
  const s = summary.data?.data;
  const mocked = summary.data?.meta.mocked === true;
  const refresh = () => {
    void summary.refetch();
    void streams.refetch();
  };

  return (
    <>
      <PageHeader
        title="Ops Console"
        subtitle="The automation platform at a glance: event engine, dead letters, service levels and agents. Refreshes every 10 seconds."
        extra={
          <Flex align="center" gap={12}>
            {mocked && (
              <Tooltip title="The ops summary API is unavailable: these figures are generated.">
                <Tag color="warning" data-testid="mocked-flag">
                  Mocked data
                </Tag>
              </Tooltip>
            )}
            {summary.dataUpdatedAt > 0 && (
              <Typography.Text type="secondary" aria-live="polite">
                Updated {ago(new Date(summary.dataUpdatedAt).toISOString())}
              </Typography.Text>
            )}
            <Button icon={<ReloadOutlined />} onClick={refresh} loading={summary.isFetching} aria-label="Refresh now">
              Refresh
            </Button>
          </Flex>
        }
      />
      {mocked && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="Mocked data"
          description="The ops summary could not be loaded, so the figures below are generated placeholders. The page keeps retrying every 10 seconds."
        />
      )}
      {summary.isError && !s && <LoadError error={summary.error} onRetry={refresh} what="the ops summary" />}
      {!s && summary.isPending && (
        <Card aria-busy="true" aria-label="Loading the ops summary">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      )}
      {s && (
        <>
          <OpsKpis s={s} />
          <Row gutter={[16, 16]}>
            <Col xs={24} md={12} xl={8}>
              <DlqCard d={s.dlq_status} />
            </Col>
            <Col xs={24} md={12} xl={8}>
              <EngineCard n={s.nats} />
            </Col>
            <Col xs={24} md={12} xl={8}>
              <BuildCard b={s.build} />
            </Col>
            <Col xs={24} md={12} xl={8}>
              <SloCard slo={s.slo} />
            </Col>
            <Col xs={24} md={12} xl={8}>
              <DatabaseCard db={s.database} />
            </Col>
            <Col xs={24} md={12} xl={8}>
              <CacheCard c={s.cache} />
            </Col>
            <Col span={24}>
              <AgentHealthCard agents={s.agent_health} />
            </Col>
            <Col xs={24} xl={8}>
              <StreamMessagesChart streams={mocked ? undefined : streams.data?.data} />
            </Col>
            <Col xs={24} xl={8}>
              <ConsumerLagChart consumers={s.dlq_status.consumers} />
            </Col>
            <Col xs={24} xl={8}>
              <LagHistoryChart history={history} />
            </Col>
          </Row>
        </>
      )}
    </>
  );
}
