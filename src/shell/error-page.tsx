/** The error page of spec §2.9: title, route, error name, message, category, first 5 stack lines, retry note, actions. */
import { Button, Card, Descriptions, Flex, Result, Typography } from 'antd';
import { ERROR_BOUNDARY } from '../../contract/constants';
import type { ErrorCategory } from '../../providers/api';

export interface ErrorPageProps {
  error: Error;
  category: ErrorCategory;
  route: string;
  attempt: number;
  retrying: boolean;
  onTryAgain: () => void;
  onReload: () => void;
}

export function ErrorPage({ error, category, route, attempt, retrying, onTryAgain, onReload }: ErrorPageProps) {
  const stack = (error.stack ?? '').split('\n').slice(0, 5).join('\n');
  const shownAttempt = retrying ? attempt + 1 : attempt;
  return (
    <Card>
      <Result
        status={retrying ? 'info' : 'error'}
        title={retrying ? 'Retrying...' : 'Something went wrong'}
        subTitle={error.message}
        extra={
          <Flex gap={8} justify="center" wrap>
            <Button type="primary" onClick={onTryAgain}>
              Try Again
            </Button>
            <Button onClick={onReload}>Reload Application</Button>
          </Flex>
        }
      >
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="Route">{route}</Descriptions.Item>
          <Descriptions.Item label="Error">{error.name}</Descriptions.Item>
          <Descriptions.Item label="Message">{error.message}</Descriptions.Item>
          <Descriptions.Item label="Category">{category}</Descriptions.Item>
        </Descriptions>
        {stack && (
          <pre style={{ marginTop: 12, padding: 12, background: '#f8f9fa', borderRadius: 6, fontSize: 12, overflowX: 'auto' }}>{stack}</pre>
        )}
        {shownAttempt > 0 && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            Retry attempt {shownAttempt} of {ERROR_BOUNDARY.maxAutoRetries}
            {retrying ? ' — retrying automatically...' : ''}
          </Typography.Paragraph>
        )}
      </Result>
    </Card>
  );
}
