import { describe, expect, it } from 'vitest';
import { connect, materialDownloadMachine, viewsEqual } from '../../src/machine';

const snapshotAt = (value: string, href: string | null) =>
  materialDownloadMachine.resolveState({
    value,
    context: {
      inputs: {},
      target: null,
      request: null,
      lazy: false,
      href,
      error: null,
      reason: null,
      attempt: 0,
      retryInMs: 0,
      retryAt: null,
      failedOnWire: false,
    },
  });

describe('connect', () => {
  it('never shows a link outside enabled, even if one is in context', () => {
    for (const state of ['validating', 'waiting', 'fetching', 'disabled', 'destroyed'])
      expect(connect(snapshotAt(state, 'https://stale.example/x'))).toEqual({
        state,
        href: null,
        disabled: true,
        reason: null,
      });
  });

  it('shows the link when enabled', () => {
    expect(connect(snapshotAt('enabled', 'https://files.example/a.zip'))).toEqual({
      state: 'enabled',
      href: 'https://files.example/a.zip',
      disabled: false,
      reason: null,
    });
  });

  it('tells views apart by what they render', () => {
    const enabled = connect(snapshotAt('enabled', 'https://files.example/a.zip'));
    expect(viewsEqual(enabled, { ...enabled })).toBe(true);
    expect(viewsEqual(enabled, { ...enabled, href: 'https://files.example/b.zip' })).toBe(false);
    expect(viewsEqual(enabled, { ...enabled, state: 'fetching' })).toBe(false);
    expect(viewsEqual(enabled, { ...enabled, disabled: true })).toBe(false);
  });
});
