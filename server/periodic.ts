/**
 * A job on a timer that never overlaps itself: an interval that comes while the previous run is
 * still going is skipped. `everyMs <= 0` starts nothing. A failing run goes to `onError`, and the
 * next interval tries again. The timer does not keep the process alive. Returns the stop function,
 * which resolves once a run under way has finished (callers that must not wait need not await it).
 */
export function startPeriodic(everyMs: number, job: () => Promise<unknown>, onError: (e: unknown) => void = () => undefined): () => Promise<void> {
  if (everyMs <= 0) return async () => undefined;
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = job()
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
