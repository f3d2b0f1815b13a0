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
  const ensure = () => {
    if (client) return;
    client = createStreamClient(o.env, {
      url: o.url,
      eventNames: [...COMBINED_STREAMS, 'heartbeat'],
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
