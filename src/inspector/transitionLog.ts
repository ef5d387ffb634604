import type { ActorRefLike, InspectionEvent } from 'xstate';
import { decodeTransition, type DecodedTransition } from '../debug/debugging.js';
import type { PageInspection } from '../element/inspection.js';

/** One microstep that took a transition, transient passes and input-only changes (from = to) included. */
export interface TransitionEntry extends Omit<DecodedTransition, 'actorRef'> {
  at: Date;
}

/** What the inspector knows of one element. */
export interface InspectedElement {
  readonly host: HTMLElement;
  /** Known from its first inspection event: what the diagram is drawn from. */
  actor: ActorRefLike | null;
  /** As of its last step, as is the context. */
  state: string;
  context: TransitionEntry['context'] | null;
  /** Oldest first. */
  readonly entries: TransitionEntry[];
  /** False for an element that was running before the inspector loaded: its log starts then. */
  readonly fromStart: boolean;
}

/**
 * Every element's steps, from the page's inspection: those already running from now on, later
 * ones from their first step. It only reads, and holds no element the page has let go of.
 */
export class TransitionLog {
  private readonly elements = new Map<HTMLElement, InspectedElement>();
  private readonly listeners = new Set<() => void>();
  private notifyQueued = false;

  constructor(private readonly inspection: PageInspection) {
    for (const [host, actor] of inspection.live) actor.system.inspect(this.observer(this.add(host, false, actor)));
    inspection.observe = (host) => this.observer(this.add(host, true, null));
  }

  /** The elements on the page now, in the page's order, plus `keep` if it has been removed since. */
  list(keep?: HTMLElement | null): InspectedElement[] {
    for (const host of this.elements.keys()) {
      if (host !== keep && !this.inspection.live.has(host)) this.elements.delete(host);
    }
    return [...this.elements.values()].sort((a, b) =>
      a.host.compareDocumentPosition(b.host) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
    );
  }

  get(host: HTMLElement): InspectedElement | undefined {
    return this.elements.get(host);
  }

  /** Called at most once a task, after that task's steps: a view redraws once for many. */
  subscribe(listener: () => void): void {
    this.listeners.add(listener);
  }

  private add(host: HTMLElement, fromStart: boolean, actor: ActorRefLike | null): InspectedElement {
    const snapshot = actor?.getSnapshot() as { value?: unknown; context?: TransitionEntry['context'] } | undefined;
    const element: InspectedElement = {
      host,
      actor,
      state: typeof snapshot?.value === 'string' ? snapshot.value : '–',
      context: snapshot?.context ?? null,
      entries: [],
      fromStart,
    };
    this.elements.set(host, element);
    this.queueNotify();
    return element;
  }

  private observer(element: InspectedElement): (event: InspectionEvent) => void {
    return (event) => {
      // The first event is the element's own actor being created; later ones may be its children's.
      element.actor ??= event.actorRef;
      if (event.actorRef !== element.actor) return;
      const step = decodeTransition(event);
      if (!step) return;
      const { actorRef: _actorRef, ...entry } = step;
      element.entries.push({ at: new Date(), ...entry });
      element.state = step.to;
      element.context = step.context;
      this.queueNotify();
    };
  }

  private queueNotify(): void {
    if (this.notifyQueued) return;
    this.notifyQueued = true;
    setTimeout(() => {
      this.notifyQueued = false;
      for (const listener of this.listeners) listener();
    });
  }
}
