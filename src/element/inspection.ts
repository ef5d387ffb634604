import type { InspectionEvent } from 'xstate';

/**
 * A debugging hook: receives XState's inspection events (including the
 * microsteps through `validating`) with the element they belong to.
 * Unset, it costs nothing.
 */
export type MaterialDownloadInspector = (event: InspectionEvent, host: HTMLElement) => void;

let inspector: MaterialDownloadInspector | null = null;

export function setInspector(next: MaterialDownloadInspector | null): void {
  inspector = next;
}

export function inspectorFor(host: HTMLElement): ((event: InspectionEvent) => void) | undefined {
  if (!inspector) return undefined;
  return (event) => {
    try {
      inspector?.(event, host);
    } catch {
      // A broken debugging hook must not break the element it watches.
    }
  };
}
