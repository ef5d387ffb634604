import type { AnyActorRef, InspectionEvent } from 'xstate';

type Observe = (event: InspectionEvent) => void;

/**
 * Where the inspector file (`cm-material-download.inspector.js`) meets the
 * elements. It loads on its own, before or after the element's file, beside
 * the React or the lite build or both, so neither side can import the other:
 * they meet on `globalThis` under a registered symbol, which every copy of
 * either file finds. Each element enters with its actor and leaves when
 * destroyed, so an inspector that loads late finds the elements already
 * there; once loaded, it sets `observe`, and each element created from then
 * on hands it its inspection events from the first one (XState emits the
 * first transitions while the actor is being created, before anyone could
 * subscribe to it). Without an inspector this costs one Map entry per live
 * element. Every copy of the package shares this shape: add to it, never
 * change it.
 */
export interface InspectorChannel {
  /** Each element alive now, with its statechart's actor. */
  readonly live: Map<HTMLElement, AnyActorRef>;
  /** Set by the inspector: the observer for the actor `host` is about to create, if it wants one. */
  observe?: (host: HTMLElement) => Observe | undefined;
}

const CHANNEL = Symbol.for('cm-material-download.channel');

/** The page's channel, made by whichever side gets there first. */
export function inspectorChannel(): InspectorChannel {
  const global = globalThis as { [CHANNEL]?: InspectorChannel };
  return (global[CHANNEL] ??= { live: new Map() });
}

/** The inspector's observer for an element about to create its actor; none without an inspector. */
export function channelObserver(host: HTMLElement): Observe | undefined {
  const observe = inspectorChannel().observe?.(host);
  return (
    observe &&
    ((event) => {
      try {
        observe(event);
      } catch {
        // A broken inspector must not break the element it watches.
      }
    })
  );
}

/** An element's actor enters the channel as it starts. */
export function enterChannel(host: HTMLElement, actor: AnyActorRef): void {
  inspectorChannel().live.set(host, actor);
}

/** A destroyed element leaves: the channel holds no element the page let go of. */
export function leaveChannel(host: HTMLElement): void {
  inspectorChannel().live.delete(host);
}
