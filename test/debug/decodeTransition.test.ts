import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type InspectionEvent } from 'xstate';
import { decodeTransition, type DecodedTransition } from '../../src/debug/debugging';
import {
  materialDownloadMachine,
  type LookupInput,
  type LookupOutput,
  type MaterialDownloadInputs,
} from '../../src/machine';

const pbr: MaterialDownloadInputs = { organizationId: 'org-1', articleId: 'A-101', type: 'pbr' };

/** An actor whose lookups the test settles by hand, and every transition it took, decoded. */
function start(inputs: MaterialDownloadInputs) {
  const lookups: { resolve: (href: LookupOutput) => void; reject: (error: unknown) => void }[] = [];
  const decoded: DecodedTransition[] = [];
  const seen: InspectionEvent[] = [];
  const inspect = (event: InspectionEvent) => {
    seen.push(event);
    const transition = decodeTransition(event);
    if (transition) decoded.push(transition);
  };
  const machine = materialDownloadMachine.provide({
    actors: {
      lookupLink: fromPromise<LookupOutput, LookupInput>(
        () => new Promise((resolve, reject) => lookups.push({ resolve, reject })),
      ),
      // Never seen: a lazy element waits.
      watchVisibility: fromCallback(() => {}),
    },
  });
  const actor = createActor(machine, { input: { inputs }, inspect }).start();
  const edges = () => decoded.map(({ edge }) => edge);
  return { actor, lookups, decoded, seen, edges };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The first step of every element that starts with a required input. */
const STARTED = 'idle -> always[0] -> validating';

describe('decodeTransition', () => {
  it('names each step from, trigger and candidate index, to', async () => {
    const { actor, lookups, edges } = start(pbr);
    lookups[0]!.resolve('https://files.example/a.zip');
    await settle();
    actor.send({ type: 'INPUTS.SET', inputs: { ...pbr, fileType: 'exr' } });
    actor.send({ type: 'INPUTS.SET', inputs: { ...pbr, articleId: 'A-102' } });
    lookups[1]!.resolve(null);
    await settle();
    actor.send({ type: 'DESTROY' });
    expect(edges()).toEqual([
      STARTED,
      'validating -> always[1] -> fetching',
      'fetching -> xstate.done.actor.lookup[0] -> enabled',
      'enabled -> INPUTS.SET[1] -> enabled',
      'enabled -> INPUTS.SET[0] -> validating',
      'validating -> always[1] -> fetching',
      'fetching -> xstate.done.actor.lookup[1] -> disabled',
      'disabled -> DESTROY[0] -> destroyed',
    ]);
  });

  it.each([
    ['lazy inputs wait', { ...pbr, loading: 'lazy' }, 'validating -> always[2] -> waiting'],
    ['invalid inputs are disabled', { ...pbr, type: 'video' }, 'validating -> always[3] -> disabled'],
  ])('%s: the candidate taken is counted', (_, inputs, edge) => {
    expect(start(inputs).edges()).toEqual([STARTED, edge]);
  });

  it('an element with none of the required inputs stays idle until one arrives', () => {
    const { actor, edges } = start({});
    expect(edges()).toEqual([]);
    actor.send({ type: 'INPUTS.SET', inputs: { dimensions: '10x10cm' } });
    actor.send({ type: 'INPUTS.SET', inputs: { articleId: 'A-100' } });
    expect(edges()).toEqual([
      'idle -> INPUTS.SET[0] -> idle',
      'idle -> INPUTS.SET[0] -> idle',
      STARTED,
      'validating -> always[3] -> disabled',
    ]);
  });

  it('tells a failure worth retrying from one that is not', async () => {
    const { lookups, edges } = start(pbr);
    lookups[0]!.reject(Object.assign(new Error('request failed: HTTP 503'), { retryInMs: 1 }));
    await settle();
    await vi.waitFor(() => expect(lookups).toHaveLength(2));
    lookups[1]!.reject(new Error('request failed: HTTP 500'));
    await settle();
    expect(edges()).toEqual([
      STARTED,
      'validating -> always[1] -> fetching',
      'fetching -> xstate.error.actor.lookup[0] -> retrying',
      'retrying -> xstate.after.retryDelay.materialDownload.retrying[0] -> fetching',
      'fetching -> xstate.error.actor.lookup[1] -> disabled',
    ]);
  });

  it.each([
    [{ type: 'INPUTS.SET', inputs: pbr } as const, 'waiting -> INPUTS.SET[0] -> validating'],
    [{ type: 'DESTROY' } as const, 'waiting -> DESTROY[0] -> destroyed'],
  ])('names the state left by %o that an invoked actor sends back while the machine starts', (sent, edge) => {
    const decoded: string[] = [];
    const machine = materialDownloadMachine.provide({
      actors: {
        lookupLink: fromPromise<LookupOutput, LookupInput>(() => new Promise(() => {})),
        watchVisibility: fromCallback(({ sendBack }) => sendBack(sent)),
      },
    });
    const inspect = (event: InspectionEvent) => void decoded.push(decodeTransition(event)?.edge ?? '');
    createActor(machine, { input: { inputs: { ...pbr, loading: 'lazy' } }, inspect }).start();
    expect(decoded.filter(Boolean).slice(0, 3)).toEqual([STARTED, 'validating -> always[2] -> waiting', edge]);
  });

  it('gives the parts apart: the actor, the states, the trigger and the event being processed', () => {
    const { actor, decoded } = start(pbr);
    actor.send({ type: 'INPUTS.SET', inputs: { ...pbr, articleId: 'A-102' } });
    const [started, initial, change, revalidated] = decoded;
    expect(started).toMatchObject({ actorRef: actor, from: 'idle', to: 'validating', trigger: 'always' });
    expect(initial).toMatchObject({ actorRef: actor, from: 'validating', to: 'fetching', trigger: 'always' });
    expect(initial!.event.type).toBe('xstate.init');
    expect(change).toMatchObject({ from: 'fetching', to: 'validating', trigger: 'INPUTS.SET' });
    expect(change!.event).toEqual({ type: 'INPUTS.SET', inputs: { ...pbr, articleId: 'A-102' } });
    // An eventless step names the event that led to it.
    expect(revalidated).toMatchObject({ trigger: 'always', event: { type: 'INPUTS.SET' } });
  });

  it('gives the context after the step: inputs (a copy), request, href and its life, error and reason', async () => {
    const { actor, lookups, decoded } = start(pbr);
    lookups[0]!.resolve('https://files.example/a.zip');
    await settle();
    const enabled = decoded.at(-1)!;
    expect(enabled.context).toEqual({
      inputs: pbr,
      request: expect.objectContaining({ kind: 'pbr', articleId: 'A-101' }),
      href: 'https://files.example/a.zip',
      error: null,
      reason: null,
      expiresAt: null,
      renewAt: null,
    });
    expect(enabled.context.inputs).not.toBe(actor.getSnapshot().context.inputs);

    actor.send({ type: 'INPUTS.SET', inputs: { ...pbr, type: 'video' } });
    expect(decoded.at(-1)!.context).toMatchObject({
      href: null,
      error: expect.stringMatching(/^Invalid type "video"/),
    });
  });

  it('is null for every event that is not a step between states', () => {
    const { actor, seen, decoded } = start(pbr);
    actor.send({ type: 'VISIBLE' });
    const steps = seen.filter((event) => decodeTransition(event) !== null);
    expect(steps).toHaveLength(decoded.length);
    expect(steps.every((event) => event.type === '@xstate.microstep')).toBe(true);
    // VISIBLE in fetching enables nothing: XState still reports a microstep, without transitions.
    const ignored = seen.filter((event) => event.type === '@xstate.microstep' && event.event.type === 'VISIBLE');
    expect(ignored).toHaveLength(1);
    expect(decodeTransition(ignored[0]!)).toBeNull();
    expect(seen.some((event) => event.type !== '@xstate.microstep')).toBe(true);
  });
});
