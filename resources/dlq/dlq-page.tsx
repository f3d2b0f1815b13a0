/** /ops/dlq — DLQ Management (docs/product/routes-and-roles.md, docs/events.md): the dead-letter queue with its commands. */
import { Card } from 'antd';
import { Link } from 'react-router';
import { PageHeader } from '../../src/shell/page-header';
import { LiveBadge } from '../shared/ops-live-status';
import { useLiveHub } from '../../providers/live';
import { useNavigationKey } from '../shared/use-navigation-key';
import { DlqTable } from './dlq-table';

export default function DlqPage() {
  // a link to /ops/dlq?consumer=… while the page is open reads its filters again
  const arrival = useNavigationKey();
  const hub = useLiveHub();
  return (
    <>
      <PageHeader
        title="DLQ Management"
        subtitle={
          <>
            Messages that failed every delivery attempt. Inspect them, replay them once the cause is fixed, or discard them with a reason. See also{' '}
            <Link to="/streams?tab=consumers">consumers</Link>.
          </>
        }
        extra={<LiveBadge hub={hub} />}
      />
      <Card>
        <DlqTable key={arrival} />
      </Card>
    </>
  );
}
