import { describe, expect, it } from 'vitest';
import { debugLine, describeTransition } from '../../src/debug/debugging';
import type { DecodedTransition } from '../../src/debug/debugging';
import type { LinkRequest } from '../../src/machine/inputs';

/** The `debug` lines of a signed link's life, with the moment of each step fixed. */

const NOW = Date.UTC(2026, 10, 25, 10, 0, 0);
const host = { id: 'swatch', getAttribute: () => null };
const href = 'https://files.example/a.png?se=2026-11-25T10%3A15%3A00Z&sig=c2ln';

function step(from: string, to: string, trigger: string, context: Partial<DecodedTransition['context']>, event = {}) {
  return {
    actorRef: {},
    from,
    to,
    trigger,
    event: { type: trigger, ...event },
    edge: '',
    context: { inputs: {}, request: null, href, error: null, reason: null, expiresAt: null, renewAt: null, ...context },
  } satisfies DecodedTransition;
}

describe('the debug line of a signed link', () => {
  it('says when a link that arrives expires', () => {
    const line = describeTransition(
      host,
      step('fetching', 'enabled', 'xstate.done.actor.lookup', { expiresAt: NOW + 15 * 60_000 }),
      NOW,
    );
    expect(line).toBe(
      `cm-material-download#swatch: fetching → enabled on xstate.done.actor.lookup (href: ${href}, expires in 15 min)`,
    );
  });

  it('says when the refresh starts and how long the link has left', () => {
    const line = describeTransition(
      host,
      step('enabled', 'refreshing', 'xstate.after.renewalDelay.materialDownload.enabled', {
        expiresAt: NOW + 3 * 60_000,
      }),
      NOW,
    );
    expect(line).toContain(
      'enabled → refreshing on xstate.after.renewalDelay.materialDownload.enabled (refreshing the link, it expires in 3 min)',
    );
  });

  it('link refreshed, expires in 14 min', () => {
    const line = describeTransition(
      host,
      step('refreshing', 'enabled', 'xstate.done.actor.lookup', { expiresAt: NOW + 14 * 60_000 }),
      NOW,
    );
    expect(line).toContain(`(link refreshed, expires in 14 min: ${href})`);
  });

  it('a failed refresh: why, how long the link still works, when it tries again', () => {
    const failed = step(
      'refreshing',
      'enabled',
      'xstate.error.actor.lookup',
      { expiresAt: NOW + 2_000, renewAt: NOW + 1_000 },
      { error: new Error('request failed: HTTP 500') },
    );
    expect(describeTransition(host, failed, NOW)).toContain(
      '(refresh failed (request failed: HTTP 500), the link still works for 2.0 s, trying again in 1.0 s)',
    );
  });

  it('an expired link, in one line of its own', () => {
    const line = describeTransition(
      host,
      step('refreshing', 'expired', 'xstate.after.expiryDelay.materialDownload.refreshing', {
        href: null,
        reason: 'expired',
      }),
      NOW,
    );
    expect(line).toMatch(/ \(expired: the link ran out before a fresh one came\)$/);
  });
});

describe('the debug line of a disabled element', () => {
  const swatch: LinkRequest = {
    kind: 'thumbnail',
    organizationId: 'org-1',
    articleId: 'A-100',
    assignmentType: 'THUMBNAIL_10X10_CM',
    fileType: 'JPG',
  };

  it('says what was asked for a link the provider has not', () => {
    const line = describeTransition(
      host,
      step('fetching', 'disabled', 'xstate.done.actor.lookup', { href: null, reason: 'not-found', request: swatch }),
      NOW,
    );
    expect(line).toMatch(/ \(not-found: the provider has no thumbnail 10x10cm jpg for A-100 of org-1\)$/);
  });

  it('gives the reason and the message, the provider’s words included', () => {
    const error = 'The current user is not authorized to access this resource.';
    const line = describeTransition(
      host,
      step('fetching', 'disabled', 'xstate.error.actor.lookup', { href: null, reason: 'unauthorized', error }),
      NOW,
    );
    expect(line).toMatch(/ \(unauthorized: The current user is not authorized to access this resource\.\)$/);
  });
});

describe('the debug line of a refresh', () => {
  it('says why the link is looked up again, a refresh that stays in refreshing included', () => {
    const event = { type: '@xstate.microstep' } as Parameters<typeof debugLine>[1];
    const again = step('refreshing', 'refreshing', 'REFRESH', {}, { cause: 'refresh' });
    expect(debugLine(host, event, again, NOW, null)).toBe(
      'cm-material-download#swatch: refreshing → refreshing on REFRESH (refresh() was called: looking the link up again)',
    );
    const signedIn = step('disabled', 'fetching', 'REFRESH', { href: null }, { cause: 'credentials' });
    expect(debugLine(host, event, signedIn, NOW, null)).toContain(
      'disabled → fetching on REFRESH (the credentials changed in another tab: looking the link up again)',
    );
  });
});
