/**
 * One EventSource per tab (docs/product/architecture.md §8: browsers allow 6 HTTP/1.1 connections per origin): the hub opens
 * the combined stream once, keeps the buffers of docs/product/constants.md and fans events out to subscribers by channel.
 */
import { STREAMS } from '../../contract/constants';
import { createStreamClient, type StreamClient, type StreamEnv, type StreamEvent, type StreamState } from './stream-client';
import { COMBINED_STREAMS, type LiveChannels } from './channels';
import { RingBuffer } from './ring-buffer';

export interface LiveHub {
  subscribe(channel: string, fn: (e: StreamEvent) => void): () => void;
  onState(fn: (s: StreamState) => void): () => void;
  readonly state: StreamState;
  /**
   * While held, the stream's heartbeat timeout is at least `ms` (the dashboard's 60 s, docs/product/constants.md
   * "Streams": the one stream is the dashboard's while it shows); the returned function releases the hold.
   */
  holdHeartbeat(ms: number): () => void;
  /** Newest buffered events of a channel ('*' = all), newest first. */
  recent(channel?: string, n?: number): StreamEvent[];
  close(): void;
}

export interface HubOptions {
  env: StreamEnv;
  /** Builds the stream URL; null while signed out (the hub then stays disconnected). */
  url(lastEventId: string | null): string | null;
  /** Which channels an event goes to (channels.ts `liveChannels(modules)`). */
  channels: Pick<LiveChannels, 'channelsFor'>;
}

export function createLiveHub(o: HubOptions): LiveHub {
  const subscribers = new Map<string, Set<(e: StreamEvent) => void>>();
  const stateListeners = new Set<(s: StreamState) => void>();
  const buffers: Record<string, RingBuffer<StreamEvent>> = {
    '*': new RingBuffer(STREAMS.buffer.default),
    alerts: new RingBuffer(STREAMS.buffer.alerts),
    agents: new RingBuffer(STREAMS.buffer.agents),
  };
  let client: StreamClient | null = null;
  const holds = new Set<{ ms: number }>();
  const ensure = () => {
    if (client) return;
    client = createStreamClient(o.env, {
      url: o.url,
      eventNames: [...COMBINED_STREAMS, 'heartbeat'],
      heartbeatTimeoutMs: () => Math.max(STREAMS.heartbeatTimeoutMs, ...[...holds].map((h) => h.ms)),
      // a hidden tab pauses on a flood: 200 frames a second for the alerts stream, 100 for each other one
      floodLimitPerSecond: (name) => (name === 'alerts' ? STREAMS.alertsFloodPerSecond : STREAMS.floodPerSecond),
      onEvent: (e) => {
        buffers['*'].push(e);
        buffers[e.channel]?.push(e);
        for (const ch of o.channels.channelsFor(e.event, e.channel)) for (const fn of subscribers.get(ch) ?? []) fn(e);
      },
      onState: (s) => {
        for (const fn of stateListeners) fn(s);
      },
    });
    client.start();
  };
  return {
    subscribe(channel, fn) {
      let set = subscribers.get(channel);
      if (!set) subscribers.set(channel, (set = new Set()));
      set.add(fn);
      ensure();
      // the stream stays open while the tab is signed in: pages come and go, the one EventSource stays
      return () => {
        set!.delete(fn);
      };
    },
    holdHeartbeat(ms) {
      const hold = { ms };
      holds.add(hold);
      return () => void holds.delete(hold);
    },
    onState(fn) {
      stateListeners.add(fn);
      return () => stateListeners.delete(fn);
    },
    get state() {
      return client?.state ?? 'disconnected';
    },
    recent(channel = '*', n) {
      return (buffers[channel] ?? buffers['*']).newest(n);
    },
    close() {
      client?.close();
      client = null;
      subscribers.clear();
    },
  };
}
