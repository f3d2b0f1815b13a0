/**
 * /settings — Settings (docs/product/routes-and-roles.md). Store settings, users and billing arrive in a later release; the
 * Webhooks card links to /settings/webhooks (docs/events.md), which lives under settings for admins.
 */
import { Card, Typography } from 'antd';
import { ApiOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { LaterRelease } from '../../src/pages/later-release';

export default function SettingsPage() {
  return (
    <>
      <LaterRelease title="Settings" description="Store settings, users and billing." />
      <Link to="/settings/webhooks" style={{ display: 'block', marginTop: 16 }}>
        <Card hoverable size="small">
          <Typography.Text strong>
            <ApiOutlined /> Webhooks
          </Typography.Text>
          <RightOutlined style={{ float: 'right', marginTop: 4, color: '#9ca3af' }} />
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            Send your store&apos;s events to other systems, with signed deliveries and a recent-deliveries log.
          </Typography.Paragraph>
        </Card>
      </Link>
    </>
  );
}
