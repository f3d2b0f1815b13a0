/** A bench's JetStream streams are its own (a prefix per run): deleted when it ends, so runs do not pile up gigabytes on the server. */
import { connect } from 'nats';

export async function dropStreams(url: string, prefix: string): Promise<void> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await nc.jetstreamManager();
    for await (const si of jsm.streams.list()) if (si.config.name.startsWith(prefix)) await jsm.streams.delete(si.config.name);
  } finally {
    await nc.close();
  }
}
