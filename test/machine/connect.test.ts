import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { connect, materialDownloadMachine, viewsEqual } from '../../src/machine';

describe('connect', () => {
  it('never shows a link outside enabled, even if one is in context', () => {
    const snapshot = materialDownloadMachine.resolveState({
      value: 'fetching',
      context: { inputs: {}, request: null, lazy: false, href: 'https://stale.example/x', error: null, revision: 0 },
    });
    expect(connect(snapshot)).toEqual({
      state: 'fetching',
      href: null,
      disabled: true,
      error: null,
      settled: null,
      revision: 0,
    });
  });

  it('tells two settlings of the same result apart by revision', () => {
    const actor = createActor(materialDownloadMachine, { input: {} }).start();
    const first = connect(actor.getSnapshot());
    actor.send({ type: 'INPUTS.SET', inputs: {} });
    const second = connect(actor.getSnapshot());
    expect(first.settled).toBe('disabled');
    expect(second.settled).toBe('disabled');
    expect(viewsEqual(first, second)).toBe(false);
    expect(viewsEqual(first, { ...first })).toBe(true);
  });
});
