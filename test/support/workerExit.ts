let exitsOnTermination = false;

/**
 * Makes this test worker exit when Vitest stops it, so that its `exit`
 * handlers run: they stop the browsers it launched and remove their
 * profiles. Vitest stops a worker with SIGTERM and kills it 500 ms later;
 * by default SIGTERM ends Node without an `exit` event, and puppeteer's
 * handler starts a graceful close that the kill cuts short: either way the
 * worker's browsers would outlive the run.
 */
export function exitOnTermination(): void {
  if (exitsOnTermination) return;
  exitsOnTermination = true;
  process.once('SIGTERM', () => process.exit(143));
}
