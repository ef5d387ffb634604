import type { ActorRefFrom, Subscription } from 'xstate';
import type { LinkSettledEvent, MaterialDownloadMachine } from '../machine/materialDownload.machine.js';
import type { LinkChangeDetail } from './dom.js';

/** Any actor of the machine: settlings are the machine's, whatever its actors are provided with. */
type SettlingActor = Pick<ActorRefFrom<MaterialDownloadMachine>, 'on'>;

/**
 * The settlings an actor announced that the page has not heard of yet. The
 * machine announces at once; the page is told (`cm-link-change`) only once
 * the anchor shows it, which is the binding's job and may come later.
 * Listening starts with the actor, so no settling is missed before a binding
 * exists.
 */
export interface LinkSettlings {
  // These two are properties, not methods: `useSyncExternalStore` is handed them as they are.
  /** The settling still to be announced, or null. Stable between changes, for `useSyncExternalStore`. */
  pending: () => LinkChangeDetail | null;
  /** Called whenever a settling arrives; returns the unsubscribe. */
  subscribe: (onChange: () => void) => () => void;
  /** The page has been told about `detail`. */
  announced(detail: LinkChangeDetail): void;
}

export interface FollowedSettlings extends LinkSettlings {
  /**
   * Listens to the actor again. Stopping an actor drops its listeners, and
   * under StrictMode `useActorRef` stops the component's actor and starts it
   * again from its snapshot: the component follows it after each start.
   */
  refollow(): void;
}

export function followSettlings(actor: SettlingActor): FollowedSettlings {
  let pending: LinkChangeDetail | null = null;
  const listeners = new Set<() => void>();
  let following: Subscription | undefined;
  const follow = () => {
    following?.unsubscribe();
    following = actor.on('link.settled', ({ state, href, error }: LinkSettledEvent) => {
      pending = { state, href, error };
      for (const listener of listeners) listener();
    });
  };
  follow();
  return {
    pending: () => pending,
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    announced(detail) {
      if (pending === detail) pending = null;
    },
    refollow: follow,
  };
}
