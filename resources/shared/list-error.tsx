/** The error state of a list or detail view: the API's message (spec §8) and a retry. */
import { Alert, Button } from 'antd';
import { userMessage } from '../../providers/api';

export function LoadError({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  return (
    <Alert
      role="alert"
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      message={`Could not load ${what}`}
      description={userMessage(error)}
      action={<Button onClick={onRetry}>Retry</Button>}
    />
  );
}
