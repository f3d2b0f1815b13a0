/**
 * Agent health — docs/product/data.md `agent_health` (name → status; "the values degraded and offline matter"):
 * one tag per agent, degraded and offline highlighted and listed first.
 */
import { Card, Empty, Flex, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import type { OpsSummary } from '../../contract/ops';
import { ago } from '../shared/ops-format';
import { humanize } from '../shared/format';

const RANK: Record<string, number> = { offline: 0, degraded: 1 };

export function AgentHealthCard({ agents }: { agents: OpsSummary['agent_health'] }) {
  const rows = Object.entries(agents).sort((a, b) => (RANK[a[1].status] ?? 2) - (RANK[b[1].status] ?? 2) || a[0].localeCompare(b[0]));
  const troubled = rows.filter(([, a]) => a.status === 'degraded' || a.status === 'offline').length;
  return (
    <Card
      title="Agent health"
      size="small"
      extra={
        rows.length > 0 && (
          <Typography.Text type={troubled ? 'danger' : 'secondary'}>{troubled ? `${troubled} need attention` : 'All healthy'}</Typography.Text>
        )
      }
    >
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No agents have reported yet" />
      ) : (
        <Flex gap={8} wrap role="list" aria-label="Agents">
          {rows.map(([name, a]) => {
            const color = a.status === 'offline' ? 'error' : a.status === 'degraded' ? 'warning' : 'success';
            const icon = a.status === 'offline' ? <CloseCircleOutlined /> : a.status === 'degraded' ? <ExclamationCircleOutlined /> : <CheckCircleOutlined />;
            return (
              <Tooltip key={name} title={a.last_heartbeat ? `Last heartbeat ${ago(a.last_heartbeat)}` : undefined}>
                <Tag role="listitem" color={color} icon={icon} style={{ padding: '2px 8px', fontWeight: color === 'success' ? 400 : 600 }}>
                  {name} · {humanize(String(a.status))}
                </Tag>
              </Tooltip>
            );
          })}
        </Flex>
      )}
    </Card>
  );
}
