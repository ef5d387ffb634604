import { describe, expect, it } from 'vitest';
import { connect, materialDownloadMachine, viewsEqual, type LinkSettling, type Reason } from '../../src/machine';

const snapshotAt = (
  value: string,
  href: string | null,
  reason: Reason | null = null,
  settled: LinkSettling | null = null,
) =>
  materialDownloadMachine.resolveState({
    value,
    context: {
      inputs: {},
      target: null,
      resolvedHref: null,
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
      settled,
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
        settled: null,
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
      settled: null,
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

  it('carries the settling it shows, so the binding that writes href announces it', () => {
    const href = 'https://files.example/a.zip?se=x&sig=y';
    const found: LinkSettling = { state: 'enabled', href, error: null, reason: null };
    expect(connect(snapshotAt('enabled', href, null, found)).settled).toBe(found);
    // A refresh keeps the link it settled on: nothing new to announce, and nothing withdrawn.
    expect(connect(snapshotAt('refreshing', href, null, found)).settled).toBe(found);
    const expired: LinkSettling = { state: 'disabled', href: null, error: null, reason: 'expired' };
    expect(connect(snapshotAt('fetching', null, 'expired', expired)).settled).toBe(expired);
  });

  it('carries no settling the machine has left: new inputs came before it was shown', () => {
    const failed: LinkSettling = {
      state: 'disabled',
      href: null,
      error: 'no article id provided',
      reason: 'invalid-input',
    };
    expect(connect(snapshotAt('fetching', null, null, failed)).settled).toBeNull();
    const found: LinkSettling = { state: 'enabled', href: 'https://files.example/a.zip', error: null, reason: null };
    expect(connect(snapshotAt('enabled', 'https://files.example/b.zip', null, found)).settled).toBeNull();
  });

  it('tells a new settling apart from one that looks the same: the page hears each once', () => {
    const settling = (): LinkSettling => ({
      state: 'disabled',
      href: null,
      error: 'offline',
      reason: 'request-failed',
    });
    const first = connect(snapshotAt('disabled', null, 'request-failed', settling()));
    const again = connect(snapshotAt('disabled', null, 'request-failed', settling()));
    expect(viewsEqual(first, again)).toBe(false);
    expect(viewsEqual(first, { ...first })).toBe(true);
  });
});
