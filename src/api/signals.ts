import { after } from './deferral.js';

/**
 * `AbortSignal.any` is missing from browsers we still support (Safari < 17.4);
 * this is the same thing for a handful of short-lived signals.
 */
export function anySignal(signals: readonly AbortSignal[]): AbortSignal & { dispose(): void } {
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true, signal: controller.signal });
  }
  // Once the request is over, the listeners on the longer-lived signals must go.
  return Object.assign(controller.signal, { dispose: () => controller.abort() });
}

/** Aborts after `ms`; `clear()` when the request is over, so no timer outlives it. */
export function timeoutSignal(ms: number): AbortSignal & { clear(): void } {
  const controller = new AbortController();
  const stop = after(ms, () => controller.abort(new DOMException(`timed out after ${ms} ms`, 'TimeoutError')));
  return Object.assign(controller.signal, { clear: stop });
}

export function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}
