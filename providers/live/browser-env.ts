/** The real browser environment for the stream client (EventSource, timers, online and visibility events). */
import type { StreamEnv } from './stream-client';

export function browserStreamEnv(): StreamEnv {
  return {
    createEventSource: (url) => new EventSource(url) as unknown as ReturnType<StreamEnv['createEventSource']>,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (h) => window.clearTimeout(h as number),
    now: () => Date.now(),
    random: () => Math.random(),
    isOnline: () => navigator.onLine,
    isHidden: () => document.visibilityState === 'hidden',
    onEnvironmentChange(fn) {
      const on = () => fn('online');
      const off = () => fn('offline');
      const vis = () => fn(document.visibilityState === 'hidden' ? 'hidden' : 'visible');
      window.addEventListener('online', on);
      window.addEventListener('offline', off);
      document.addEventListener('visibilitychange', vis);
      return () => {
        window.removeEventListener('online', on);
        window.removeEventListener('offline', off);
        document.removeEventListener('visibilitychange', vis);
      };
    },
  };
}
