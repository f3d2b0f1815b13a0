/**
 * The error state of a list or detail view (docs/api-client.md "Errors the user sees"): the final
 * sentence of the catalogue and a Retry; a page that does not exist ("Product not found") has
 * nothing to retry. On the dashboard, a card's error is also named under its data source in "Failed
 * to Load Dashboard Data" (src/shell/dashboard-sources.tsx); elsewhere that report does nothing.
 */
import { Alert, Button } from 'antd';
import { ApiError, finalMessage } from '../../providers/api';
import { useDashboardSource } from '../../src/shell/dashboard-sources';

export function LoadError({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  useDashboardSource(what, error);
  if (error instanceof ApiError && error.status === 404) {
    return <Alert role="alert" type="warning" showIcon style={{ marginBottom: 16 }} message={error.message} description="It may have been deleted, or the link is wrong." />;
  }
  return (
    <Alert
      role="alert"
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      message={`Could not load ${what}`}
      description={finalMessage(error)}
      action={<Button onClick={onRetry}>Retry</Button>}
    />
  );
}
