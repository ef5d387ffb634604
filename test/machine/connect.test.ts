import { describe, expect, it } from 'vitest';
import { connect, materialDownloadMachine, viewsEqual, type Reason } from '../../src/machine';

const snapshotAt = (value: string, href: string | null, reason: Reason | null = null) =>
  materialDownloadMachine.resolveState({
    value,
    context: {
      inputs: {},
      target: null,
      request: null,
      lazy: false,
      href,
      error: null,
      reason,
      attempt: 0,
      retryInMs: 0,
      retryAt: null,
      failedOnWire: false,
      expiresAt: null,
      renewAt: null,
      refreshFailed: false,
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

  it.each([
    ['enabled', 'when enabled'],
    ['refreshing', 'while it is refreshed: the host stays enabled'],
  ])('shows the link (%s) %s', (state) => {
    expect(connect(snapshotAt(state, 'https://files.example/a.zip?se=x&sig=y'))).toEqual({
      state: 'enabled',
      href: 'https://files.example/a.zip?se=x&sig=y',
      disabled: false,
      reason: null,
    });
  });

  it('shows an expired link as gone, reason expired, while the next is looked up or retried', () => {
    for (const state of ['fetching', 'retrying'])
      expect(connect(snapshotAt(state, null, 'expired'))).toMatchObject({
        state: 'disabled',
        href: null,
        reason: 'expired',
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
