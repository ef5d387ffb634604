import { afterThisScript } from './deferral.js';
import type { Operation, OperationResult } from './operation.js';
import { abortError } from './signals.js';

type Outcome = { result: OperationResult } | { error: unknown };

/** One operation on the wire, shared by every caller that asked for the same thing. */
export interface SharedOperation {
  operation: Operation;
  result: Promise<OperationResult>;
  settle: (outcome: Outcome) => void;
  /** Callers still waiting; at zero the operation is dropped or its request aborted. */
  waiting: number;
  /** Aborted when nobody waits any more. */
  abandoned: AbortController;
  /** On the wire: once everyone has left, its request is aborted rather than the operation dropped. */
  sent: boolean;
}

/** Finds the operation in flight for a key, or starts one (see createOperationSharing). */
export type ShareOperation = (
  key: string,
  operation: Operation,
  start: (shared: SharedOperation) => void,
) => SharedOperation;

/**
 * The operations in flight, by key. The one for `key`, or a new one that
 * `start` sends on its way. An operation everyone has left is aborted, even
 * if its request is still on the wire: a new caller starts afresh.
 */
export function createOperationSharing(): ShareOperation {
  const inFlight = new Map<string, SharedOperation>();
  return (key, operation, start) => {
    const live = inFlight.get(key);
    if (live && !live.abandoned.signal.aborted) return live;
    const shared = createSharedOperation(key, operation, inFlight);
    inFlight.set(key, shared);
    start(shared);
    return shared;
  };
}

function createSharedOperation(
  key: string,
  operation: Operation,
  inFlight: Map<string, SharedOperation>,
): SharedOperation {
  // `result` and `settle` are filled in below: the promise's executor runs at once.
  const shared = { operation, waiting: 0, abandoned: new AbortController(), sent: false } as SharedOperation;
  shared.result = new Promise<OperationResult>((resolve, reject) => {
    shared.settle = (outcome) => {
      // A newer operation for the same key may have taken this one's place.
      if (inFlight.get(key) === shared) inFlight.delete(key);
      if ('result' in outcome) resolve(outcome.result);
      else reject(outcome.error);
    };
  });
  return shared;
}

/** One caller's share: its `signal` takes that caller out, and nobody else. */
export function waitFor(shared: SharedOperation, signal: AbortSignal | undefined): Promise<OperationResult> {
  shared.waiting += 1;
  if (!signal) return shared.result;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      leave(shared);
      reject(abortError(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    shared.result.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The last caller out abandons the operation once the current task's
 * synchronous work is over, not at once: a caller that leaves and one that
 * joins in the same step (an element whose refresh is overtaken by its
 * link's expiry stops one lookup and starts the same again) share the
 * request on the wire instead of aborting and resending it.
 */
function leave(shared: SharedOperation): void {
  shared.waiting -= 1;
  if (shared.waiting === 0) afterThisScript(() => abandonIfLeft(shared));
}

function abandonIfLeft(shared: SharedOperation): void {
  if (shared.waiting > 0 || shared.abandoned.signal.aborted) return;
  shared.abandoned.abort();
  if (!shared.sent) {
    shared.settle({ error: new DOMException('Nobody waits for this operation.', 'AbortError') });
  }
}

/**
 * Aborted once every operation of a batch is abandoned: the request is
 * cancelled only when nobody waits for any of its answers. `dispose()` when
 * the request is over, to drop the listeners.
 */
export function abandonedByAll(batch: readonly SharedOperation[]): AbortSignal & { dispose(): void } {
  const everyoneLeft = new AbortController();
  const onAbandoned = () => {
    if (batch.every((member) => member.abandoned.signal.aborted)) everyoneLeft.abort();
  };
  for (const shared of batch) {
    shared.abandoned.signal.addEventListener('abort', onAbandoned, { once: true, signal: everyoneLeft.signal });
  }
  return Object.assign(everyoneLeft.signal, { dispose: () => everyoneLeft.abort() });
}
