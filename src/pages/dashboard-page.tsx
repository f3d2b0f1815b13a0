/**
 * /dashboard — spec §2.7 frame: "Welcome back", the title, Quick Actions and the API health the
 * shell already measures. The data cards arrive with their domains; until then an honest empty state.
 */
import { Badge, Button, Card, Col, Empty, Flex, Row, Statistic, Typography } from 'antd';
import { AppstoreOutlined, ControlOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useAuth } from '../../providers/auth/auth-context';
import { HEALTH_LABEL } from '../shell/health/health-check';
import { useHealth } from '../shell/health/health-context';
import { PageHeader } from '../shell/page-header';

export default function DashboardPage() {
  const { email } = useAuth();
  const health = useHealth();
  return (
    <>
      <PageHeader eyebrow="Welcome back" title="Dashboard" subtitle={email ? `Your store at a glance — signed in as ${email}.` : 'Your store at a glance.'} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title="Quick Actions" style={{ height: '100%' }}>
            <Flex gap={12} wrap>
              <Link to="/products">
                <Button icon={<AppstoreOutlined />}>View Products</Button>
              </Link>
              <Link to="/orders">
                <Button icon={<ShoppingCartOutlined />}>View Orders</Button>
              </Link>
              <Link to="/ops">
                <Button icon={<ControlOutlined />}>Operations</Button>
              </Link>
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="API Health" style={{ height: '100%' }}>
            <Flex align="center" justify="space-between">
              <Badge
                status={!health ? 'processing' : health.status === 'healthy' ? 'success' : health.status === 'degraded' ? 'warning' : 'error'}
                text={health ? HEALTH_LABEL[health.status] : 'Checking...'}
              />
              <Statistic value={health?.latencyMs ?? '—'} suffix={health?.latencyMs != null ? 'ms' : undefined} valueStyle={{ fontSize: 20 }} />
            </Flex>
          </Card>
        </Col>
        <Col span={24}>
          <Card title="Revenue, advances, fees and alerts">
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                <>
                  <Typography.Text strong>These figures arrive in a later release.</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">They will be computed from your real orders, payouts and alerts — nothing is invented here.</Typography.Text>
                </>
              }
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
