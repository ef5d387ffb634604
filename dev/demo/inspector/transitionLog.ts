import type { DecodedTransition } from '../../../src/machine';

/**
 * Every element's transitions, from the element's documented inspect hook
 * (`configure({ inspect })`), which hands over each step already decoded:
 * one entry per microstep that took a transition, including the passes
 * through the transient `validating` and the input changes that only
 * remember the inputs (from and to are then the same state).
 */
export interface TransitionEntry extends Omit<DecodedTransition, 'actorRef'> {
  at: Date;
}

type Listener = (host: HTMLElement, entry: TransitionEntry) => void;

export class TransitionLog {
  private readonly entries = new Map<HTMLElement, TransitionEntry[]>();
  private readonly listeners = new Set<Listener>();

  /** The hook to hand to `configure({ inspect })`, before the first element connects. */
  readonly inspect = (_event: unknown, host: HTMLElement, transition: DecodedTransition | null): void => {
    if (!transition) return;
    const { actorRef: _actorRef, ...step } = transition;
    const entry: TransitionEntry = { at: new Date(), ...step };
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
