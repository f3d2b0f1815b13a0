/**
 * The signing secret, shown once (docs/events.md: in full only when created or rotated) with a copy
 * button and how receivers verify it (X-Webhook-Signature, HMAC-SHA256).
 */
import { Alert, Modal, Typography } from 'antd';

export function WebhookSecretModal({ secret, onClose }: { secret: { url: string; value: string } | null; onClose: () => void }) {
  return (
    <Modal open={!!secret} title="Signing secret" onOk={onClose} onCancel={onClose} okText="I have stored it" cancelButtonProps={{ style: { display: 'none' } }} maskClosable={false}>
      {secret && (
        <>
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} message="Copy this secret now. It is not shown again; rotate it if it is lost." />
          <Typography.Paragraph type="secondary">For {secret.url}</Typography.Paragraph>
          <Typography.Paragraph
            copyable={{ text: secret.value, tooltips: ['Copy secret', 'Copied'] }}
            code
            data-testid="webhook-secret"
            style={{ wordBreak: 'break-all', fontSize: 13 }}
          >
            {secret.value}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            Each delivery carries X-Webhook-Timestamp and X-Webhook-Signature: {'"sha256=" + hex HMAC-SHA256 of "{timestamp}.{body}"'} with this secret.
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
