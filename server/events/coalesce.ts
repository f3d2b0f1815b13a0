/**
 * One run at a time: a call that arrives while `body` runs does not start a second run, it asks the
 * running one for one more round (any number of such calls make one round). Resolves true for the
 * call that ran the rounds, false for a call that was folded into them; a failure rejects the call
 * that ran, and the next call starts afresh.
 */
export function coalescing(body: () => Promise<void>): () => Promise<boolean> {
  let running = false;
  let again = false;
  return async () => {
    if (running) {
      again = true;
      return false;
    }
    running = true;
    try {
      do {
        again = false;
        await body();
      } while (again);
      return true;
    } finally {
      running = false;
    }
  };
}
