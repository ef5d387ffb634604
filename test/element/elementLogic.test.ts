import { describe, expect, it, vi } from 'vitest';
import type { Actor, AnyStateMachine } from 'xstate';
import { createMaterialDownloadMachine } from '../../src/machine/materialDownload.machine';

vi.mock('../../src/machine/materialDownload.machine', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/machine/materialDownload.machine')>();
  return { ...original, createMaterialDownloadMachine: vi.fn(original.createMaterialDownloadMachine) };
});

/**
 * On a phone, building the statechart takes longer than the first elements
 * need to send their lookups ahead of their actors (src/element/pageScheduler.ts, 3),
 * and they do not need it: the element builds it with its class's first actor.
 */
describe('the element’s statechart', () => {
  const inputs = { organizationId: 'org-1', articleId: 'A-100', type: 'pbr' } as const;
  const host = {} as HTMLElement;

  it('is built with the first actor of a class, not when the element’s modules are evaluated, and once', async () => {
    const { elementActors, lookupLink, watchVisibility, watchConnection } =
      await import('../../src/element/elementLogic');
    expect(createMaterialDownloadMachine).not.toHaveBeenCalled();
    const createActor = elementActors();
    expect(createMaterialDownloadMachine).not.toHaveBeenCalled();
    // The page scheduler builds it ahead of a slice's first start (prepare), outside the slice's budget.
    createActor.prepare();
    createActor.prepare();
    expect(createMaterialDownloadMachine).toHaveBeenCalledTimes(1);

    // createActor makes XState's Actor; the element's type is the narrower ActorRef.
    const logicOf = (actor: unknown) => (actor as Actor<AnyStateMachine>).logic;
    const first = logicOf(createActor(host, inputs, undefined));
    const second = logicOf(createActor(host, { ...inputs, articleId: 'A-101' }, undefined));
    expect(createMaterialDownloadMachine).toHaveBeenCalledTimes(1);
    expect(first).toBe(second);
    // The machine built is the one the element runs: not copied again by `provide`, which builds it anew.
    expect(first).toBe(vi.mocked(createMaterialDownloadMachine).mock.results[0]?.value);
    // The statechart's states, with the page's lookup, observers and console in place of the placeholders.
    expect(Object.keys(first.root.states)).toContain('fetching');
    expect(first.implementations.actors).toMatchObject({ lookupLink, watchVisibility, watchConnection });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // The element's report is a plain action function; the machine's typing is the any-machine's here.
    const reportError = first.implementations.actions.reportError as (
      args: { context: { target: HTMLElement } },
      params: { error: string },
    ) => void;
    reportError({ context: { target: host } }, { error: 'request timed out' });
    expect(logged).toHaveBeenCalledWith('cm-material-download: request timed out', host);
    logged.mockRestore();
  });
});
