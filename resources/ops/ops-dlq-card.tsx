/**
 * DLQ status card — docs/product/data.md `dlq_status` (pending, consumer lag, oldest age, by subject). Each subject
 * links to its dead letters on /streams?tab=dlq&subject=… (docs/product/routes-and-roles.md).
 */
import { Card, Descriptions, Empty, Flex, List, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { OpsSummary } from '../../contract/ops';
import { count, duration } from '../shared/ops-format';

export function DlqCard({ d }: { d: OpsSummary['dlq_status'] }) {
  const subjects = Object.entries(d.by_subject ?? {}).sort((a, b) => b[1] - a[1]);
  return (
    <Card title="Dead-letter queue" size="small" extra={<Link to="/ops/dlq">Open DLQ</Link>} style={{ height: '100%' }}>
      <Descriptions
        size="small"
        column={3}
        layout="vertical"
        colon={false}
        items={[
          { key: 'p', label: 'Pending', children: <Typography.Text strong>{count(d.pending)}</Typography.Text> },
          { key: 'l', label: 'Lag', children: count(d.consumer_lag) },
          { key: 'o', label: 'Oldest', children: d.pending ? duration(d.oldest_age_s) : '—' },
        ]}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Pending by subject
      </Typography.Text>
      {subjects.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No dead letters" style={{ margin: '8px 0' }} />
      ) : (
        <List
          size="small"
          dataSource={subjects.slice(0, 6)}
          aria-label="Pending dead letters by subject"
          renderItem={([subject, n]) => (
            <List.Item style={{ padding: '4px 0' }}>
              <Flex justify="space-between" style={{ width: '100%' }}>
                <Link to={`/streams?tab=dlq&subject=${encodeURIComponent(subject)}`}>
                  <Typography.Text code>{subject}</Typography.Text>
                </Link>
                <Tag color="red">{count(n)}</Tag>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
