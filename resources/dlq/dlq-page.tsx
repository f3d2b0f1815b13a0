/** /ops/dlq — DLQ Management (spec §2.1). Its domain arrives in a later release: real title, honest empty state. */
import { LaterRelease } from '../../src/pages/later-release';

export default function DlqPage() {
  return <LaterRelease title="DLQ Management" description="Messages that failed all their deliveries: inspect, replay or discard them." />;
}
