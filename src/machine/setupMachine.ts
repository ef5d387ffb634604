import { createMachine, type setup } from 'xstate';

/**
 * XState's `setup`, as the statechart uses it: its types and named
 * implementations first, then `createMachine`. XState's own hands back every
 * action creator beside `createMachine` (`sendTo`, `enqueueActions`, `log`, …)
 * in one object, and a minifier keeps every property of an object it keeps:
 * 0.7 KB gzip in each self-registering file for creators the statechart never
 * calls. This one hands back `createMachine` alone, built as XState's builds it;
 * `test/machine/setupMachine.test.ts` holds the two to the same machine.
 *
 * Typed as XState's, so the statechart keeps its inference. Only
 * `createMachine` is there at run time: take action creators from `xstate`.
 */
export const setupMachine = (({ schemas, actors, actions, guards, delays }: Parameters<typeof setup>[0]) => ({
  createMachine: (config: object) => createMachine({ ...config, schemas }, { actors, actions, guards, delays }),
})) as unknown as typeof setup;
