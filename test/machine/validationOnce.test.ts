import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  materialDownloadMachine,
  type LookupInput,
  type LookupOutput,
  type MaterialDownloadInputs,
} from '../../src/machine';
import { validateInputs } from '../../src/machine/inputs';

/**
 * Inputs whose reads of `fileType` are counted, on one counter: only
 * validation reads that input (deciding whether a required input is there
 * reads others), so the reads a step costs, in units of one direct validation, are
 * how many times it validated, whichever inputs object (the ones before the
 * change or the change's own) it validated.
 */
let reads = 0;
const counted = (inputs: MaterialDownloadInputs): MaterialDownloadInputs =>
  new Proxy(inputs, {
    get(target, name, receiver) {
      if (name === 'fileType') reads += 1;
      return Reflect.get(target, name, receiver) as unknown;
    },
  });

/** How many validations `step` made. */
function validationsIn(step: () => void): number {
  const before = reads;
  step();
  return (reads - before) / READS_PER_VALIDATION;
}

const READS_PER_VALIDATION = (() => {
  const before = reads;
  validateInputs(counted({ organizationId: 'org-1', articleId: 'A-100', type: 'pbr' }));
  return reads - before;
})();

const neverAnswers = fromPromise<LookupOutput, LookupInput>(() => new Promise(() => {}));

function started(inputs: MaterialDownloadInputs) {
  const actor = createActor(materialDownloadMachine.provide({ actors: { lookupLink: neverAnswers } }), {
    input: { inputs },
  });
  actor.start();
  return actor;
}

describe('validation once per input change', () => {
  it('reads the inputs when it validates (the count below can fail)', () => {
    expect(READS_PER_VALIDATION).toBeGreaterThan(0);
  });

  it('validates the first inputs once on start', () => {
    let state = '';
    const validations = validationsIn(() => {
      const actor = started(counted({ organizationId: 'org-1', articleId: 'A-100', type: 'tile' }));
      state = actor.getSnapshot().value;
    });
    expect(state).toBe('fetching');
    expect(validations).toBe(1);
  });

  it('validates a change that alters the request once, comparing and entering validating with one result', () => {
    const actor = started(counted({ organizationId: 'org-1', articleId: 'A-100', type: 'pbr' }));
    const change = counted({ organizationId: 'org-1', articleId: 'A-200', type: 'pbr' });
    expect(validationsIn(() => actor.send({ type: 'INPUTS.SET', inputs: change }))).toBe(1);
    expect(actor.getSnapshot().context.request?.articleId).toBe('A-200');
  });

  it('validates a change that leaves the request as it was once, and stays where it was', () => {
    const actor = started(counted({ organizationId: 'org-1', articleId: 'A-100', type: 'pbr' }));
    const stateBefore = actor.getSnapshot().value;
    const change = counted({ organizationId: 'org-1', articleId: 'A-100', type: 'pbr', fileType: 'exr' });
    expect(validationsIn(() => actor.send({ type: 'INPUTS.SET', inputs: change }))).toBe(1);
    expect(actor.getSnapshot().value).toBe(stateBefore);
  });
});
