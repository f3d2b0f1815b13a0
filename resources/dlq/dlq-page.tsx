/** /ops/dlq — DLQ Management (spec §2.1, issue 6 §10): the dead-letter queue with its commands. */
import { Card } from 'antd';
import { Link } from 'react-router';
import { PageHeader } from '../../src/shell/page-header';
import { LiveBadge } from '../shared/ops-live-status';
import { liveHub } from '../../providers/live';
import { DlqTable } from './dlq-table';

export default function DlqPage() {
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
        extra={<LiveBadge hub={liveHub} />}
      />
      <Card>
        <DlqTable />
      </Card>
    </>
  );
}
