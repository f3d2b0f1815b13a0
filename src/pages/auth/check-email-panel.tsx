/** The "Check your email" panel of spec §2.6: names the address; "Send to a different email" returns to the form. */
import { Button, Result } from 'antd';
import { MailOutlined } from '@ant-design/icons';

export function CheckEmailPanel({ email, onDifferentEmail }: { email: string; onDifferentEmail: () => void }) {
  return (
    <Result
      style={{ padding: '8px 0' }}
      icon={<MailOutlined style={{ color: '#3b5bdb' }} />}
      title={<h1 style={{ fontSize: 22, margin: 0 }}>Check your email</h1>}
      subTitle={
        <>
          We sent a sign-in link to <strong data-testid="sent-to">{email}</strong>. Open it in this browser to sign in.
        </>
      }
      extra={<Button onClick={onDifferentEmail}>Send to a different email</Button>}
    />
  );
}
