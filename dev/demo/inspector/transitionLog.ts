/**
 * Every element's transitions, from the element's documented inspect hook
 * (`configure({ inspect })`): one entry per microstep that took a transition,
 * including the passes through the transient `validating`.
 */
export interface TransitionEntry {
  at: Date;
  /** The event that was processed; an eventless (`always`) step names the event that led to it. */
  event: { type: string; [key: string]: unknown };
  /** `always` for eventless steps, otherwise the event's type. */
  trigger: string;
  from: string;
  to: string;
  context: { inputs: Record<string, unknown>; href: string | null; error: string | null };
}

type Listener = (host: HTMLElement, entry: TransitionEntry) => void;

interface Microstep {
  type: string;
  actorRef: object;
  event: TransitionEntry['event'];
  snapshot: { value: unknown; context: TransitionEntry['context'] };
  _transitions: { eventType: string; source: { key: string; parent?: unknown } }[];
}

export class TransitionLog {
  private readonly entries = new Map<HTMLElement, TransitionEntry[]>();
  private readonly lastState = new WeakMap<object, string>();
  private readonly listeners = new Set<Listener>();

  /** The hook to hand to `configure({ inspect })`. */
  readonly inspect = (event: { type: string }, host: HTMLElement): void => {
    if (event.type !== '@xstate.microstep') return;
    const step = event as unknown as Microstep;
    const [transition] = step._transitions;
    if (!transition) return;
    const from = transition.source.parent ? transition.source.key : (this.lastState.get(step.actorRef) ?? 'validating');
    const to = String(step.snapshot.value);
    this.lastState.set(step.actorRef, to);
    const { inputs, href, error } = step.snapshot.context;
    const trigger = transition.eventType || 'always';
    const entry: TransitionEntry = {
      at: new Date(),
      event: step.event,
      trigger,
      from,
      to,
      context: { inputs: { ...inputs }, href, error },
    };
    const list = this.entries.get(host) ?? [];
    list.push(entry);
    this.entries.set(host, list);
    for (const listener of this.listeners) listener(host, entry);
  };

  of(host: HTMLElement): readonly TransitionEntry[] {
    return this.entries.get(host) ?? [];
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
