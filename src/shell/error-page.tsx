/**
 * The error page of docs/product/shell.md: title, route, error name, message, category, first 5 stack
 * lines, retry note, actions. The error boundary renders it synchronously (no chunk to load when
 * things already went wrong), so it is built from plain elements and the shell's own styles rather
 * than antd's Result, Card and Descriptions, which would otherwise ride on every first page
 * (docs/performance.md "Delivery").
 */
import { Button, Flex } from 'antd';
import { CloseCircleFilled, InfoCircleFilled } from '@ant-design/icons';
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
  const facts: [string, string][] = [
    ['Route', route],
    ['Error', error.name],
    ['Message', error.message],
    ['Category', category],
  ];
  return (
    <section className="shell-panel error-page">
      <div className="shell-panel-body">
        <div className="error-page-head">
          {retrying ? <InfoCircleFilled className="error-page-icon" style={{ color: '#3b5bdb' }} /> : <CloseCircleFilled className="error-page-icon" style={{ color: '#e03131' }} />}
          <h1 className="error-page-title">{retrying ? 'Retrying...' : 'Something went wrong'}</h1>
          <p className="page-subtitle error-page-message">{error.message}</p>
          <Flex gap={8} justify="center" wrap>
            <Button type="primary" onClick={onTryAgain}>
              Try Again
            </Button>
            <Button onClick={onReload}>Reload Application</Button>
          </Flex>
        </div>
        <table className="error-page-facts">
          <tbody>
            {facts.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {stack && (
          <pre tabIndex={0} style={{ marginTop: 12, padding: 12, background: '#f8f9fa', borderRadius: 6, fontSize: 12, overflowX: 'auto' }}>{stack}</pre>
        )}
        {shownAttempt > 0 && (
          <p className="text-secondary" style={{ marginTop: 8 }}>
            Retry attempt {shownAttempt} of {ERROR_BOUNDARY.maxAutoRetries}
            {retrying ? ' — retrying automatically...' : ''}
          </p>
        )}
      </div>
    </section>
  );
}
