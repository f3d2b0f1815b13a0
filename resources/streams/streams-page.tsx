/** /streams — Event Streams (spec §2.1). Its domain arrives in a later release: real title, honest empty state. */
import { LaterRelease } from '../../src/pages/later-release';

export default function StreamsPage() {
  return <LaterRelease title="Event Streams" description="The event streams of the platform, their consumers and the dead-letter queue." />;
}
