/**
 * The one polling helper of the server suites: asks `fn` every 25 ms until it answers something truthy
 * (that answer is returned), or fails with "timed out waiting for <what>" after `ms` (`what` may be a
 * function, asked at that moment: the state the wait was looking at, for the failure to explain itself). A module of its
 * own, without side effects, so any suite can import it (events-support.ts re-exports it).
 */
export async function waitFor<T>(fn: () => Promise<T | undefined | null | false> | T | undefined | null | false, what: string | (() => string), ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
