/** Message inspection (docs/events.md): one event's envelope and its payload in the JSON viewer. */
import { Descriptions, Drawer, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { JsonViewer } from '../shared/json-viewer';
import type { EventRow } from '../../contract/streams';
import { dateTime } from '../shared/format';

export function EventDrawer({ event, onClose }: { event: EventRow | null; onClose: () => void }) {
  return (
    <Drawer open={!!event} onClose={onClose} width="min(640px, 100vw)" title={event ? `Event #${event.id}` : 'Event'}>
      {event && (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'subject', label: 'Subject', children: <Typography.Text code>{event.subject}</Typography.Text> },
              { key: 'stream', label: 'Stream', children: event.stream },
              { key: 'seq', label: 'Sequence', children: event.id },
              { key: 'time', label: 'Time', children: dateTime(event.timestamp) },
              { key: 'corr', label: 'Correlation id', children: event.correlation_id ? <Typography.Text copyable code>{event.correlation_id}</Typography.Text> : '—' },
              { key: 'cause', label: 'Causation id', children: event.causation_id ? <Typography.Text copyable code>{event.causation_id}</Typography.Text> : '—' },
            ]}
          />
          <JsonViewer label="Payload" value={event.data} />
          <Link to={`/streams?tab=dlq&subject=${encodeURIComponent(event.subject)}`}>Dead letters of {event.subject}</Link>
        </Flex>
      )}
    </Drawer>
  );
}
