let exitsOnTermination = false;

/**
 * Makes this test worker exit when Vitest stops it, so that its `exit`
 * handlers run: they stop the browsers it launched and remove their
 * profiles. Vitest stops a worker with SIGTERM and kills it 500 ms later;
 * by default SIGTERM ends Node without an `exit` event, and puppeteer's
 * handler starts a graceful close that the kill cuts short: either way the
 * worker's browsers would outlive the run.
 */
function exitOnTermination(): void {
  if (exitsOnTermination) return;
  exitsOnTermination = true;
  process.once('SIGTERM', () => process.exit(143));
}

/**
 * What `start` makes, made once for every file this test worker runs (the
 * browser projects run their files one after another on one module graph)
 * and stopped by the `exit` handlers of whatever started it when the worker
 * exits. Made anew after a failed start, or once `start`'s `forget` is called
 * (a browser that went away).
 */
export function oncePerWorker<T>(start: (forget: () => void) => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined;
  const forget = () => (started = undefined);
  return () => {
    exitOnTermination();
    started ??= start(forget);
    started.catch(forget);
    return started;
  };
}
