import type { ActorRefLike, InspectionEvent } from 'xstate';
import { decodeTransition, type DecodedTransition } from '../debug/debugging.js';
import type { PageInspection } from '../element/inspection.js';

/**
 * One step an element's statechart took: one entry per microstep that took a
 * transition, including the passes through the transient `validating` and the
 * input changes that only remember the inputs (from and to are then the same).
 */
export interface TransitionEntry extends Omit<DecodedTransition, 'actorRef'> {
  at: Date;
}

/** What the inspector knows of one element. */
export interface InspectedElement {
  readonly host: HTMLElement;
  /** Its actor, known from its first inspection event: what the diagram is drawn from. */
  actor: ActorRefLike | null;
  /** The state it is in, as of its last step. */
  state: string;
  /** Its context as of its last step: what the why line is read from. */
  context: TransitionEntry['context'] | null;
  /** Oldest first. */
  readonly entries: TransitionEntry[];
  /** False for an element that was running before the inspector loaded: its log starts then. */
  readonly fromStart: boolean;
}

type Listener = () => void;

/**
 * Every element's transitions, from the page's inspection the elements share
 * with the inspector: the elements already running are followed from now on, each
 * one created later from its first step. Only reads: it sends no event and
 * holds no element the page has let go of.
 */
export class TransitionLog {
  private readonly elements = new Map<HTMLElement, InspectedElement>();
  private readonly listeners = new Set<Listener>();
  private notifyQueued = false;

  constructor(private readonly inspection: PageInspection) {
    for (const [host, actor] of inspection.live) {
      const element = this.add(host, false, actor);
      actor.system.inspect(this.observer(element));
    }
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

  /** Called at most once a task, after the steps of that task: a view redraws once for many. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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
      const { actorRef: _actorRef, ...rest } = step;
      element.entries.push({ at: new Date(), ...rest });
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
