import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type InspectionEvent } from 'xstate';
import { connect, materialDownloadMachine, type MaterialDownloadInputs } from '../../src/machine';
import { manualLookup, settlingsOf } from './support/manualLookup';

const thumbnail: MaterialDownloadInputs = {
  organizationId: 'org-1',
  articleId: 'A-100',
  type: 'thumbnail',
  dimensions: '10x10cm',
};
const pbr: MaterialDownloadInputs = { organizationId: 'org-1', articleId: 'A-101', type: 'pbr' };

function start(inputs: MaterialDownloadInputs) {
  const lookup = manualLookup();
  const reported: (string | null)[] = [];
  const visited: string[] = [];
  const inspect = (event: InspectionEvent) => {
    // An event that enables no transition still gets a microstep, with no transitions in it.
    if (event.type !== '@xstate.microstep' || event._transitions.length === 0) return;
    // `idle`, the initial state, is entered without a microstep of its own: the first one leaves it.
    visited.push(String((event.snapshot as unknown as { value: unknown }).value));
  };
  const actor = createActor(
    materialDownloadMachine.provide({
      actors: { lookupLink: lookup.logic, watchVisibility: fromCallback(() => {}) },
      actions: { reportError: (_, { error }) => void reported.push(error) },
    }),
    { input: { inputs }, inspect },
  );
  const settlings = settlingsOf(actor);
  actor.start();
  return { actor, lookup, reported, visited, settlings };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('materialDownloadMachine', () => {
  it('validates, then fetches the request for valid inputs', () => {
    const { actor, lookup, visited } = start(thumbnail);
    expect(visited.slice(0, 2)).toEqual(['validating', 'fetching']);
    expect(actor.getSnapshot().value).toBe('fetching');
    expect(lookup.calls[0]?.request).toMatchObject({ kind: 'thumbnail', assignmentType: 'THUMBNAIL_10X10_CM' });
  });

  it('enables with the link, and connect() shows it', async () => {
    const { actor, lookup } = start(thumbnail);
    lookup.calls[0]!.resolve('https://files.example/a.png');
    await settle();
    expect(actor.getSnapshot().value).toBe('enabled');
    expect(connect(actor.getSnapshot())).toMatchObject({
      state: 'enabled',
      href: 'https://files.example/a.png',
      disabled: false,
    });
  });

  it('disables without error when the provider has no link', async () => {
    const { actor, lookup, reported } = start(thumbnail);
    lookup.calls[0]!.resolve(null);
    await settle();
    expect(connect(actor.getSnapshot())).toEqual({
      state: 'disabled',
      href: null,
      disabled: true,
      reason: 'not-found',
      settled: { state: 'disabled', href: null, error: null, reason: 'not-found' },
    });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(reported).toEqual([null]);
  });

  it('disables with the failure message when the lookup fails', async () => {
    const { actor, lookup, reported } = start(thumbnail);
    lookup.calls[0]!.reject(new Error('request failed: HTTP 500'));
    await settle();
    expect(connect(actor.getSnapshot())).toEqual({
      state: 'disabled',
      href: null,
      disabled: true,
      reason: 'request-failed',
      settled: { state: 'disabled', href: null, error: 'request failed: HTTP 500', reason: 'request-failed' },
    });
    expect(actor.getSnapshot().context.error).toBe('request failed: HTTP 500');
    expect(reported).toEqual(['request failed: HTTP 500']);
  });

  it('disables invalid inputs with the validation message, without a lookup', () => {
    const { actor, lookup, reported } = start({ ...thumbnail, articleId: undefined });
    expect(actor.getSnapshot().value).toBe('disabled');
    expect(lookup.calls).toHaveLength(0);
    expect(reported).toEqual(['no article id provided']);
  });

  it('leaves an invalid element nothing to wait for, even with loading="lazy": no request, not lazy', () => {
    const { actor } = start({ ...pbr, loading: 'lazy' });
    expect(actor.getSnapshot().context).toMatchObject({ lazy: true, request: { articleId: 'A-101' } });
    actor.send({ type: 'INPUTS.SET', inputs: { ...pbr, loading: 'lazy', type: 'video' } });
    expect(actor.getSnapshot().value).toBe('disabled');
    expect(actor.getSnapshot().context).toMatchObject({ lazy: false, request: null });
  });

  describe('without any of the required inputs (a framework that inserts first and binds later)', () => {
    it('waits idle and quiet: no settling, no message, no request, a disabled view', () => {
      const { actor, lookup, reported, visited, settlings } = start({ dimensions: '10x10cm', loading: 'lazy' });
      expect(actor.getSnapshot().value).toBe('idle');
      expect(connect(actor.getSnapshot())).toEqual({
        state: 'idle',
        href: null,
        disabled: true,
        reason: null,
        settled: null,
      });
      expect([visited, lookup.calls, reported, settlings]).toEqual([[], [], [], []]);
    });

    it('remembers inputs that bring no required one, and stays idle', () => {
      const { actor, reported, settlings } = start({});
      actor.send({ type: 'INPUTS.SET', inputs: { fileType: 'jpg' } });
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().context.inputs).toEqual({ fileType: 'jpg' });
      expect([reported, settlings]).toEqual([[], []]);
    });

    it('validates once the inputs arrive, the earlier ones included, and fetches', () => {
      const { actor, lookup, visited } = start({});
      actor.send({ type: 'INPUTS.SET', inputs: { fileType: 'jpg' } });
      actor.send({ type: 'INPUTS.SET', inputs: { ...pbr, fileType: 'jpg' } });
      expect(visited).toEqual(['idle', 'idle', 'validating', 'fetching']);
      expect(lookup.calls[0]?.request).toMatchObject({ articleId: 'A-101', fileType: 'JPG' });
    });

    it('still reports a partial set: one required input is enough to say what is missing', () => {
      const { actor, reported, settlings } = start({});
      actor.send({ type: 'INPUTS.SET', inputs: { organizationId: 'org-1', type: 'pbr' } });
      expect(actor.getSnapshot().value).toBe('disabled');
      expect(reported).toEqual(['no article id provided']);
      expect(settlings).toEqual([
        {
          state: 'disabled',
          href: null,
          error: 'no article id provided',
          reason: 'invalid-input',
        },
      ]);
    });

    it('never goes back to idle: inputs removed from a settled element are reported missing', async () => {
      const { actor, lookup, reported } = start(pbr);
      lookup.calls[0]!.resolve('https://files.example/a.zip');
      await settle();
      actor.send({ type: 'INPUTS.SET', inputs: {} });
      expect(actor.getSnapshot().value).toBe('disabled');
      expect(reported).toEqual(['no article id provided']);
    });

    it('is destroyed from idle like from any other state', () => {
      const { actor } = start({});
      actor.send({ type: 'DESTROY' });
      expect(actor.getSnapshot().status).toBe('done');
    });
  });

  it('re-enters validating on every input change, from every live state, and clears the link', async () => {
    const { actor, lookup, visited } = start(thumbnail);
    lookup.calls[0]!.resolve('https://files.example/a.png');
    await settle();
    visited.length = 0;
    actor.send({ type: 'INPUTS.SET', inputs: pbr });
    expect(visited).toEqual(['validating', 'fetching']);
    expect(actor.getSnapshot().context.href).toBeNull();

    visited.length = 0;
    actor.send({ type: 'INPUTS.SET', inputs: { ...pbr, type: 'bogus' } });
    expect(visited).toEqual(['validating', 'disabled']);

    visited.length = 0;
    actor.send({ type: 'INPUTS.SET', inputs: { ...pbr, type: 'bogus2' } });
    expect(visited).toEqual(['validating', 'disabled']);
  });

  it('treats a change that leaves the request as it was as no change at all', async () => {
    const { actor, lookup, visited, settlings } = start(pbr);
    lookup.calls[0]!.resolve('https://files.example/a.zip');
    await settle();
    visited.length = 0;
    settlings.length = 0;
    for (const inputs of [
      { ...pbr, dimensions: 'none' },
      { ...pbr, fileType: 'exr', resolution: 'none' },
      { ...pbr, loading: 'eager', fileType: '' },
      { ...pbr },
    ]) {
      actor.send({ type: 'INPUTS.SET', inputs });
      expect(actor.getSnapshot().context.inputs).toEqual(inputs);
    }
    expect(visited).toEqual(['enabled', 'enabled', 'enabled', 'enabled']);
    expect(lookup.calls).toHaveLength(1);
    expect(settlings).toEqual([]);
    expect(actor.getSnapshot().context.href).toBe('https://files.example/a.zip');

    actor.send({ type: 'INPUTS.SET', inputs: { ...pbr, fileType: 'jpg' } });
    expect(visited.slice(-2)).toEqual(['validating', 'fetching']);
    expect(lookup.calls).toHaveLength(2);
  });

  it('a repeated invalid input logs once; another problem logs again', () => {
    const { actor, reported, settlings } = start({ ...pbr, type: 'bogus' });
    actor.send({ type: 'INPUTS.SET', inputs: { ...pbr, type: 'bogus', resolution: 'none' } });
    expect(reported).toHaveLength(1);
    actor.send({ type: 'INPUTS.SET', inputs: { ...pbr, type: 'bogus2' } });
    expect(reported).toEqual([expect.stringContaining('"bogus"'), expect.stringContaining('"bogus2"')]);
    expect(settlings.map(({ state }) => state)).toEqual(['disabled', 'disabled']);
  });

  it('announces each settling once, with what the page is told', async () => {
    const { actor, lookup, settlings } = start(thumbnail);
    expect(settlings).toEqual([]);
    lookup.calls[0]!.resolve('https://files.example/a.png');
    await settle();
    actor.send({ type: 'INPUTS.SET', inputs: pbr });
    lookup.calls[1]!.resolve(null);
    await settle();
    actor.send({ type: 'INPUTS.SET', inputs: thumbnail });
    lookup.calls[2]!.reject(new Error('request failed: HTTP 500'));
    await settle();
    expect(settlings).toEqual([
      { state: 'enabled', href: 'https://files.example/a.png', error: null, reason: null },
      { state: 'disabled', href: null, error: null, reason: 'not-found' },
      {
        state: 'disabled',
        href: null,
        error: 'request failed: HTTP 500',
        reason: 'request-failed',
      },
    ]);
  });

  it('names what it invokes, so logs and diagrams say lookup and visibility', () => {
    const { actor } = start(pbr);
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['lookup']);
    actor.send({ type: 'INPUTS.SET', inputs: { ...pbr, loading: 'lazy' } });
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['visibility']);
    actor.send({ type: 'VISIBLE' });
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['lookup']);
  });

  it('aborts the old lookup on an input change and never applies its late answer', async () => {
    const { actor, lookup } = start(thumbnail);
    actor.send({ type: 'INPUTS.SET', inputs: pbr });
    expect(lookup.calls[0]!.signal.aborted).toBe(true);
    lookup.calls[1]!.resolve('https://files.example/new.zip');
    lookup.calls[0]!.resolve('https://files.example/old.png');
    await settle();
    expect(actor.getSnapshot().context.href).toBe('https://files.example/new.zip');
  });

  it('is destroyed from any live state: aborts, stops, and ignores later input', () => {
    const { actor, lookup } = start(thumbnail);
    actor.send({ type: 'DESTROY' });
    expect(actor.getSnapshot().value).toBe('destroyed');
    expect(actor.getSnapshot().status).toBe('done');
    expect(lookup.calls[0]!.signal.aborted).toBe(true);
    // XState warns about events sent to a stopped actor; here that is the point.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    actor.send({ type: 'INPUTS.SET', inputs: pbr });
    expect(lookup.calls).toHaveLength(1);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('waits, lazy, until VISIBLE, and only then looks up', () => {
    const { actor, lookup, visited } = start({ ...pbr, loading: 'lazy' });
    expect(visited).toEqual(['validating', 'waiting']);
    expect(lookup.calls).toHaveLength(0);
    expect(connect(actor.getSnapshot())).toEqual({
      state: 'waiting',
      href: null,
      disabled: true,
      reason: null,
      settled: null,
    });
    actor.send({ type: 'VISIBLE' });
    expect(actor.getSnapshot().value).toBe('fetching');
    expect(lookup.calls).toHaveLength(1);
  });

  it('ignores VISIBLE outside waiting', () => {
    const { actor, lookup, visited } = start(pbr);
    visited.length = 0;
    actor.send({ type: 'VISIBLE' });
    expect(visited).toEqual([]);
    expect(lookup.calls).toHaveLength(1);
  });

  it('reports an error the placeholder lookup gives when nothing is provided', async () => {
    const actor = createActor(materialDownloadMachine, { input: { inputs: thumbnail } }).start();
    await settle();
    expect(actor.getSnapshot().context.error).toBe('lookupLink is not provided');
  });

  it('fetches at once for a lazy element when nothing is provided to watch visibility', () => {
    const actor = createActor(materialDownloadMachine, { input: { inputs: { ...pbr, loading: 'lazy' } } }).start();
    expect(actor.getSnapshot().value).toBe('fetching');
  });

  describe('after a failure on the wire', () => {
    const retryable = (retryInMs: number) => Object.assign(new Error('request failed: HTTP 503'), { retryInMs });
    const onTheWire = () => Object.assign(new Error('network error: Failed to fetch'), { transient: true });

    it('waits in retrying as long as the failure says, then fetches again with the attempt counted', async () => {
      vi.useFakeTimers();
      try {
        const { actor, lookup, visited, reported, settlings } = start(pbr);
        lookup.calls[0]!.reject(retryable(500));
        await vi.advanceTimersByTimeAsync(0);
        expect(actor.getSnapshot().value).toBe('retrying');
        expect(connect(actor.getSnapshot())).toEqual({
          state: 'retrying',
          href: null,
          disabled: true,
          reason: null,
          settled: null,
        });
        await vi.advanceTimersByTimeAsync(499);
        expect(lookup.calls).toHaveLength(1);
        await vi.advanceTimersByTimeAsync(1);
        expect(lookup.calls.map(({ attempt }) => attempt)).toEqual([0, 1]);
        lookup.calls[1]!.resolve('https://files.example/a.zip');
        await vi.advanceTimersByTimeAsync(0);
        expect(visited).toEqual(['validating', 'fetching', 'retrying', 'fetching', 'enabled']);
        expect(reported).toEqual([]);
        expect(settlings.map(({ state }) => state)).toEqual(['enabled']);
      } finally {
        vi.useRealTimers();
      }
    });

    it('counts the wait from when the failure happened, not from when this element took it in', async () => {
      vi.useFakeTimers({ now: 0 });
      try {
        const { actor, lookup } = start(pbr);
        // Its batch failed at 0 and asked for 500 ms; this element takes it in 40 ms later.
        vi.setSystemTime(40);
        lookup.calls[0]!.reject(Object.assign(retryable(500), { retryAt: 500 }));
        await vi.advanceTimersByTimeAsync(0);
        expect(actor.getSnapshot().value).toBe('retrying');
        await vi.advanceTimersByTimeAsync(459);
        expect(lookup.calls).toHaveLength(1);
        await vi.advanceTimersByTimeAsync(1);
        expect(lookup.calls.map(({ attempt }) => attempt)).toEqual([0, 1]);
      } finally {
        vi.useRealTimers();
      }
    });

    it('tries again at once when the moment to retry has already passed', async () => {
      vi.useFakeTimers({ now: 1000 });
      try {
        const { lookup } = start(pbr);
        lookup.calls[0]!.reject(Object.assign(retryable(500), { retryAt: 600 }));
        await vi.advanceTimersByTimeAsync(0);
        expect(lookup.calls.map(({ attempt }) => attempt)).toEqual([0, 1]);
      } finally {
        vi.useRealTimers();
      }
    });

    it('logs only the failure that is not retried', async () => {
      const { actor, lookup, reported } = start(pbr);
      lookup.calls[0]!.reject(onTheWire());
      await settle();
      expect(actor.getSnapshot().value).toBe('disabled');
      expect(reported).toEqual(['network error: Failed to fetch']);
    });

    it.each([
      ['an input change', { type: 'INPUTS.SET', inputs: { ...pbr, articleId: 'A-102' } }, 'fetching'],
      ['destruction', { type: 'DESTROY' }, 'destroyed'],
    ] as const)('%s during the wait cancels the retry', async (_, event, after) => {
      vi.useFakeTimers();
      try {
        const { actor, lookup } = start(pbr);
        lookup.calls[0]!.reject(retryable(500));
        await vi.advanceTimersByTimeAsync(0);
        actor.send(event);
        expect(actor.getSnapshot().value).toBe(after);
        await vi.advanceTimersByTimeAsync(2000);
        expect(lookup.calls.map(({ request, attempt }) => [request.articleId, attempt])).toEqual(
          after === 'fetching'
            ? [
                ['A-101', 0],
                ['A-102', 0],
              ]
            : [['A-101', 0]],
        );
      } finally {
        vi.useRealTimers();
      }
    });

    it('a no-op change during the wait keeps waiting', async () => {
      vi.useFakeTimers();
      try {
        const { actor, lookup } = start(pbr);
        lookup.calls[0]!.reject(retryable(500));
        await vi.advanceTimersByTimeAsync(0);
        actor.send({ type: 'INPUTS.SET', inputs: { ...pbr, dimensions: 'none' } });
        expect(actor.getSnapshot().value).toBe('retrying');
        await vi.advanceTimersByTimeAsync(500);
        expect(lookup.calls).toHaveLength(2);
      } finally {
        vi.useRealTimers();
      }
    });

    it('coming back online during the wait tries at once, with every try ahead again', async () => {
      vi.useFakeTimers();
      try {
        const { actor, lookup, reported } = start(pbr);
        lookup.calls[0]!.reject(retryable(500));
        await vi.advanceTimersByTimeAsync(500);
        lookup.calls[1]!.reject(retryable(500));
        await vi.advanceTimersByTimeAsync(0);
        expect(actor.getSnapshot().value).toBe('retrying');
        // The tries so far failed while offline: back online, the next one goes out at once, counted as the first.
        actor.send({ type: 'RECONNECTED' });
        expect(actor.getSnapshot().value).toBe('fetching');
        expect(lookup.calls.map(({ attempt }) => attempt)).toEqual([0, 1, 0]);
        lookup.calls[2]!.reject(retryable(500));
        await vi.advanceTimersByTimeAsync(0);
        expect(actor.getSnapshot().value).toBe('retrying');
        // The retry that was due before the connection came back does not go out as well.
        await vi.advanceTimersByTimeAsync(499);
        expect(lookup.calls).toHaveLength(3);
        await vi.advanceTimersByTimeAsync(1);
        expect(lookup.calls.map(({ attempt }) => attempt)).toEqual([0, 1, 0, 1]);
        expect(reported).toEqual([]);
      } finally {
        vi.useRealTimers();
      }
    });

    it('fetches again when the connection comes back, only after a failure on the wire', async () => {
      const { actor, lookup } = start(pbr);
      lookup.calls[0]!.reject(onTheWire());
      await settle();
      actor.send({ type: 'RECONNECTED' });
      expect(actor.getSnapshot().value).toBe('fetching');
      expect(lookup.calls.map(({ attempt }) => attempt)).toEqual([0, 0]);
      lookup.calls[1]!.reject(new Error('GraphQL error: no'));
      await settle();
      actor.send({ type: 'RECONNECTED' });
      expect(actor.getSnapshot().value).toBe('disabled');
      expect(lookup.calls).toHaveLength(2);
    });
  });
});

describe('REFRESH: the visitor signed in or out', () => {
  const refresh = { type: 'REFRESH', cause: 'refresh' } as const;
  const refused = () =>
    Object.assign(new Error('the provider refused: AUTH_NOT_AUTHENTICATED'), { reason: 'unauthorized' });
  const signedHref = () =>
    `https://files.example/a.zip?se=${new Date(Date.now() + 3_600_000).toISOString().slice(0, 19)}Z&sig=s`;

  it('keeps a good link while the new lookup is out, then shows the new one', async () => {
    const { actor, lookup, settlings } = start(pbr);
    lookup.calls[0]!.resolve('https://files.example/first.zip');
    await settle();
    actor.send(refresh);
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(connect(actor.getSnapshot())).toMatchObject({ state: 'enabled', href: 'https://files.example/first.zip' });
    expect(lookup.calls).toHaveLength(2);
    lookup.calls[1]!.resolve('https://files.example/second.zip');
    await settle();
    expect(settlings.map(({ href }) => href)).toEqual([
      'https://files.example/first.zip',
      'https://files.example/second.zip',
    ]);
  });

  it('removes a link at once when the provider now refuses the visitor, even one that still works', async () => {
    const { actor, lookup, settlings, reported } = start(pbr);
    lookup.calls[0]!.resolve(signedHref());
    await settle();
    actor.send(refresh);
    lookup.calls[1]!.reject(refused());
    await settle();
    expect(actor.getSnapshot().value).toBe('disabled');
    expect(settlings.at(-1)).toMatchObject({ state: 'disabled', href: null, reason: 'unauthorized' });
    expect(reported).toEqual(['the provider refused: AUTH_NOT_AUTHENTICATED']);
  });

  it('looks a refused link up again, and a lookup under way starts over with a first try', async () => {
    const { actor, lookup } = start(pbr);
    lookup.calls[0]!.reject(refused());
    await settle();
    actor.send(refresh);
    expect(actor.getSnapshot().value).toBe('fetching');
    expect(connect(actor.getSnapshot())).toMatchObject({ state: 'fetching', reason: null, href: null });
    actor.send(refresh);
    expect(lookup.calls[1]!.signal.aborted).toBe(true);
    expect(lookup.calls.map(({ attempt }) => attempt)).toEqual([0, 0, 0]);
    lookup.calls[2]!.resolve('https://files.example/member.zip');
    await settle();
    expect(actor.getSnapshot().context.href).toBe('https://files.example/member.zip');
  });

  it('leaves alone an element waiting for its inputs, one with invalid inputs, and one not yet seen', () => {
    for (const inputs of [{}, { ...pbr, type: 'video' }, { ...pbr, loading: 'lazy' }]) {
      const { actor, lookup, reported } = start(inputs);
      const [before, reportedBefore] = [actor.getSnapshot(), reported.length];
      actor.send(refresh);
      expect(actor.getSnapshot().value).toBe(before.value);
      expect(actor.getSnapshot().context).toBe(before.context);
      expect(lookup.calls).toHaveLength(0);
      expect(reported).toHaveLength(reportedBefore);
    }
  });
});

describe('a link the page server resolved', () => {
  function startResolved(inputs: MaterialDownloadInputs, resolvedHref: string) {
    const lookup = manualLookup();
    const actor = createActor(materialDownloadMachine.provide({ actors: { lookupLink: lookup.logic } }), {
      input: { inputs, resolvedHref },
    });
    const settlings = settlingsOf(actor);
    actor.start();
    return { actor, lookup, settlings };
  }
  const sas = (msFromNow: number) =>
    `https://files.example/a.zip?se=${new Date(Date.now() + msFromNow).toISOString().slice(0, 19)}Z&sig=s`;

  it('is enabled from the start with it, asks nothing, and an input change looks up as always', () => {
    const { actor, lookup, settlings } = startResolved(pbr, 'https://files.example/server.zip');
    expect(actor.getSnapshot().value).toBe('enabled');
    expect(settlings).toEqual([
      { state: 'enabled', href: 'https://files.example/server.zip', error: null, reason: null },
    ]);
    expect(lookup.calls).toHaveLength(0);
    actor.send({ type: 'INPUTS.SET', inputs: { ...pbr, resolution: 'high' } });
    expect(actor.getSnapshot().value).toBe('fetching');
    expect(lookup.calls).toHaveLength(1);
  });

  it('a signed one is refreshed before it expires; one expired before the page came is looked up at once', async () => {
    vi.useFakeTimers();
    try {
      const { actor, lookup } = startResolved(pbr, sas(60_000));
      expect(actor.getSnapshot().context.renewAt).toBeLessThan(actor.getSnapshot().context.expiresAt!);
      await vi.advanceTimersByTimeAsync(50_000);
      expect(actor.getSnapshot().value).toBe('refreshing');
      expect(lookup.calls).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
    const expired = startResolved(pbr, sas(-60_000));
    expect(expired.actor.getSnapshot().value).toBe('fetching');
    expect(expired.settlings).toEqual([]);
  });

  it('is ignored with invalid inputs, and not taken by the valid ones that come later', () => {
    const { actor, lookup } = startResolved({ ...pbr, type: 'video' }, 'https://files.example/server.zip');
    expect(actor.getSnapshot().context).toMatchObject({ reason: 'invalid-input', href: null, resolvedHref: null });
    actor.send({ type: 'INPUTS.SET', inputs: pbr });
    expect(actor.getSnapshot().value).toBe('fetching');
    expect(lookup.calls).toHaveLength(1);
  });
});
