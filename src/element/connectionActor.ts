import { fromCallback } from 'xstate';
import type { MaterialDownloadEvent } from '../machine/materialDownload.machine.js';

type Listener = () => void;

/** Every element waiting for the connection, behind one pair of page listeners. */
const waiting = new Set<Listener>();

function notifyAll(): void {
  for (const listener of [...waiting]) listener();
}

function notifyWhenVisible(): void {
  if (document.visibilityState === 'visible') notifyAll();
}

/** Listens on the page only while some element waits: a page without failures carries no listener of ours. */
function onReconnect(listener: Listener): () => void {
  if (waiting.size === 0) {
    window.addEventListener('online', notifyAll);
    document.addEventListener('visibilitychange', notifyWhenVisible);
  }
  waiting.add(listener);
  return () => {
    if (!waiting.delete(listener) || waiting.size > 0) return;
    window.removeEventListener('online', notifyAll);
    document.removeEventListener('visibilitychange', notifyWhenVisible);
  };
}

/**
 * The machine's `watchConnection`: while an element whose lookup failed on
 * the wire is disabled, the browser coming back online, or the page becoming
 * visible again, is a reason to try once more.
 */
export const watchConnection = fromCallback<MaterialDownloadEvent, boolean>(({ input: failedOnWire, sendBack }) =>
  failedOnWire ? onReconnect(() => sendBack({ type: 'RECONNECTED' })) : undefined,
);
