import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import {
  materialDownloadMachine,
  type LinkRequest,
  type LookupInput,
  type LookupOutput,
  type MaterialDownloadEvent,
  type MaterialDownloadInputs,
} from '../../src/machine';
import { requestAtStart } from '../../src/machine/requestAtStart';

/**
 * The element sends the lookup a machine will make as it starts before it
 * makes the machine's actor (src/element/ElementController.ts, lookAhead):
 * for every kind of input, the request it sends ahead is the one the actor
 * asks for, and there is none where the actor asks for nothing at once.
 */

const INPUTS: Record<string, MaterialDownloadInputs> = {
  pbr: { organizationId: 'org-1', articleId: 'A-100', type: 'pbr' },
  'pbr, every option': {
    organizationId: 'org-1',
    articleId: 'A-100',
    type: 'pbr',
    resolution: 'high',
    fileType: 'jpg',
    endpoint: 'https://provider.example/graphql',
  },
  thumbnail: { organizationId: 'org-1', articleId: 'A-100', type: 'thumbnail', dimensions: '13_5x13_5in' },
  'thumbnail, nothing optional sent': {
    organizationId: 'org-1',
    articleId: 'A-100',
    type: 'thumbnail',
    dimensions: '10x10cm',
    resolution: 'none',
    fileType: 'none',
  },
  tile: { organizationId: 'org-1', articleId: 'A-101', type: 'tile', loading: 'eager' },
  'lazy: fetches once seen': { organizationId: 'org-1', articleId: 'A-100', type: 'pbr', loading: 'lazy' },
  'invalid type': { organizationId: 'org-1', articleId: 'A-100', type: 'pdf' },
  'thumbnail without dimensions': { organizationId: 'org-1', articleId: 'A-100', type: 'thumbnail' },
  'no article id': { organizationId: 'org-1', type: 'pbr' },
  'no required input yet': { dimensions: '10x10cm' },
  'nothing at all': {},
};

/** What the machine's own lookup is asked for as the actor starts, or null where it asks nothing. */
function requestedByTheMachine(inputs: MaterialDownloadInputs): LinkRequest | null {
  const asked: LinkRequest[] = [];
  const machine = materialDownloadMachine.provide({
    actors: {
      lookupLink: fromPromise<LookupOutput, LookupInput>(({ input }) => {
        asked.push(input.request);
        return new Promise(() => {});
      }),
      // A lazy element waits to be seen: never, here.
      watchVisibility: fromCallback<MaterialDownloadEvent, unknown>(() => {}),
    },
  });
  const actor = createActor(machine, { input: { inputs } }).start();
  actor.stop();
  expect(asked.length).toBeLessThanOrEqual(1);
  return asked[0] ?? null;
}

describe('the request sent ahead of the actor', () => {
  it.each(Object.entries(INPUTS))('%s: the one the machine asks for as it starts', (_, inputs) => {
    expect(requestAtStart(inputs)).toEqual(requestedByTheMachine(inputs));
  });

  it('is sent for valid eager inputs only', () => {
    const sentAhead = Object.entries(INPUTS)
      .filter(([, inputs]) => requestAtStart(inputs) !== null)
      .map(([name]) => name);
    expect(sentAhead).toEqual(['pbr', 'pbr, every option', 'thumbnail', 'thumbnail, nothing optional sent', 'tile']);
  });
});
