import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { materialDownloadMachine } from '../../src/machine';
import { setupMachine } from '../../src/machine/materialDownload.machine';

/**
 * The statechart is built through `setupMachine` (src/machine/setupMachine.ts),
 * which leaves out the action creators XState's `setup` hands back. It must
 * build the machine XState's would, implementations and all.
 */

/** The same parts through either setup: one of each kind of implementation, and schemas. */
const counterBy = (make: typeof setup) =>
  make({
    types: { context: {} as { count: number } },
    schemas: { context: { note: 'kept on the config, as setup keeps it' } },
    actors: { answer: fromPromise(() => Promise.resolve(42)) },
    actions: { count: assign({ count: ({ context }) => context.count + 1 }) },
    guards: { isSmall: ({ context }) => context.count < 2 },
    delays: { soon: 5 },
  }).createMachine({
    context: { count: 0 },
    initial: 'asking',
    states: {
      asking: {
        invoke: { src: 'answer', onDone: 'answered' },
        on: { TICK: { guard: 'isSmall', actions: 'count' } },
      },
      answered: { after: { soon: 'done' } },
      done: { type: 'final' },
    },
  });

// Functions XState makes per machine (its delayed and invoked steps) differ by identity: the
// definitions are compared as data.
const definitionOf = (machine: { toJSON(): unknown }) => JSON.stringify(machine.toJSON());
/** Each kind of implementation with the names it provides. */
const providedBy = (machine: { implementations: object }) =>
  Object.fromEntries(Object.entries(machine.implementations).map(([kind, named]) => [kind, Object.keys(named)]));

describe('setupMachine', () => {
  it('builds the machine that XState’s setup builds from the same parts', () => {
    const ours = counterBy(setupMachine);
    const xstates = counterBy(setup);
    expect(ours.config).toEqual(xstates.config);
    expect(providedBy(ours)).toEqual(providedBy(xstates));
    expect(providedBy(ours)).toEqual({ actors: ['answer'], actions: ['count'], guards: ['isSmall'], delays: ['soon'] });
    expect(definitionOf(ours)).toBe(definitionOf(xstates));
  });

  it('hands back createMachine alone', () => {
    expect(Object.keys(setupMachine({}))).toEqual(['createMachine']);
  });

  it('runs the machine it builds with its implementations', async () => {
    const actor = createActor(counterBy(setupMachine)).start();
    actor.send({ type: 'TICK' });
    actor.send({ type: 'TICK' });
    actor.send({ type: 'TICK' });
    expect(actor.getSnapshot().context).toEqual({ count: 2 });
    await new Promise<void>((resolve) => actor.subscribe({ complete: resolve }));
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('built the element’s statechart as XState’s setup would', () => {
    const { actors, actions, guards, delays } = materialDownloadMachine.implementations;
    // XState's setup infers its types from parts written in place; these come built already.
    const parts: object = { actors, actions, guards, delays };
    const xstates = setup(parts as never).createMachine(materialDownloadMachine.config as never);
    expect(definitionOf(materialDownloadMachine)).toBe(definitionOf(xstates));
    expect(materialDownloadMachine.implementations).toEqual(xstates.implementations);
  });
});
