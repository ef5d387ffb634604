import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { configureTransport, getConfig, resetConfig, type ConfigureOptions } from '../../src/api/config';

/**
 * The defaults, and configureTransport()'s endpoint, timeoutMs, cacheTtlMs and batch:
 * what each takes, and that a bad value is logged and ignored. Retries are in
 * config.test.ts.
 */

const DEFAULTS = {
  endpoint: '/graphql',
  timeoutMs: 30000,
  batch: { intervalMs: 10, max: 10 },
  cacheTtlMs: 60000,
  retry: { attempts: 2, baseDelayMs: 500 },
};

let consoleError: MockInstance<typeof console.error>;
const logged = () => consoleError.mock.calls.map((call) => String(call[0]));

beforeEach(() => {
  resetConfig();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
  vi.unstubAllGlobals();
  resetConfig();
});

describe('the defaults', () => {
  it('are in force before anything is configured', async () => {
    vi.resetModules();
    const fresh = await import('../../src/api/config');
    expect(fresh.getConfig()).toEqual(DEFAULTS);
  });

  it('come back with resetConfig()', () => {
    configureTransport({
      endpoint: 'https://api.example/graphql',
      timeoutMs: 5,
      batch: false,
      cacheTtlMs: 0,
      retry: false,
    });
    resetConfig();
    expect(getConfig()).toEqual(DEFAULTS);
  });

  it.each([
    ['a build-time endpoint', 'https://built.example/graphql', 'https://built.example/graphql'],
    ['an empty build-time endpoint', '', '/graphql'],
    ['no build-time endpoint', undefined, '/graphql'],
    ['a build-time endpoint that is no string', 42, '/graphql'],
  ])('take %s, else /graphql', (_, built, endpoint) => {
    // Vitest gives `define`d constants as globals: what the bundler replaces in a build.
    vi.stubGlobal('__CM_GRAPHQL_ENDPOINT__', built);
    resetConfig();
    expect(getConfig().endpoint).toBe(endpoint);
  });

  it('configureTransport() without options changes nothing and logs nothing', () => {
    expect(configureTransport()).toEqual(DEFAULTS);
    expect(configureTransport({})).toEqual(DEFAULTS);
    expect(logged()).toEqual([]);
  });
});

describe('configureTransport() takes', () => {
  it.each<[string, ConfigureOptions, Partial<Record<keyof typeof DEFAULTS, unknown>>]>([
    ['an endpoint', { endpoint: 'https://api.example/graphql' }, { endpoint: 'https://api.example/graphql' }],
    ['a relative endpoint', { endpoint: '/api/graphql' }, { endpoint: '/api/graphql' }],
    ['a timeout', { timeoutMs: 1 }, { timeoutMs: 1 }],
    ['a cache TTL', { cacheTtlMs: 5 }, { cacheTtlMs: 5 }],
    ['a cache TTL of 0 (cache off)', { cacheTtlMs: 0 }, { cacheTtlMs: 0 }],
    ['batch: false', { batch: false }, { batch: false }],
    ['a whole batch rule', { batch: { intervalMs: 0, max: 1 } }, { batch: { intervalMs: 0, max: 1 } }],
  ])('%s', (_, options, expected) => {
    expect(configureTransport(options)).toEqual({ ...DEFAULTS, ...expected });
    expect(getConfig()).toEqual({ ...DEFAULTS, ...expected });
    expect(logged()).toEqual([]);
  });

  it('a partial batch rule over the rule in force', () => {
    configureTransport({ batch: { intervalMs: 40, max: 4 } });
    expect(configureTransport({ batch: { max: 2 } }).batch).toEqual({ intervalMs: 40, max: 2 });
    expect(configureTransport({ batch: { intervalMs: 7 } }).batch).toEqual({ intervalMs: 7, max: 2 });
  });

  it('a partial batch rule over the default once batching was off', () => {
    configureTransport({ batch: false });
    expect(configureTransport({ batch: { max: 3 } }).batch).toEqual({ intervalMs: 10, max: 3 });
  });

  it('and leaves the options it is not given as they were', () => {
    configureTransport({ endpoint: 'https://api.example/graphql', timeoutMs: 7 });
    expect(configureTransport({ cacheTtlMs: 3 })).toEqual({
      ...DEFAULTS,
      endpoint: 'https://api.example/graphql',
      timeoutMs: 7,
      cacheTtlMs: 3,
    });
  });
});

describe('configureTransport() logs a bad value and keeps the one in force, never throwing', () => {
  // Each as a customer's page might pass it: from untyped script, so anything goes.
  it.each([
    ['an empty endpoint', { endpoint: '' }, /^cm-material-download: configure: endpoint .*; keeping "\/graphql"$/],
    ['an endpoint that is no string', { endpoint: 42 }, /^cm-material-download: configure: endpoint must be/],
    ['a null endpoint', { endpoint: null }, /configure: endpoint must be a non-empty URL string/],
    ['a timeout of 0', { timeoutMs: 0 }, /^cm-material-download: configure: timeoutMs .*; keeping 30000$/],
    ['a negative timeout', { timeoutMs: -1 }, /configure: timeoutMs must be a positive number/],
    ['a NaN timeout', { timeoutMs: NaN }, /configure: timeoutMs must be a positive number/],
    ['an endless timeout', { timeoutMs: Infinity }, /configure: timeoutMs must be a positive number/],
    ['a timeout as text', { timeoutMs: '100' }, /configure: timeoutMs must be a positive number/],
    ['a negative cache TTL', { cacheTtlMs: -1 }, /^cm-material-download: configure: cacheTtlMs .*; keeping 60000$/],
    ['a NaN cache TTL', { cacheTtlMs: NaN }, /configure: cacheTtlMs must be a number >= 0/],
    ['an endless cache TTL', { cacheTtlMs: Infinity }, /configure: cacheTtlMs must be a number >= 0/],
    [
      'batch: null',
      { batch: null },
      /^cm-material-download: configure: batch must be false or \{ intervalMs: a number >= 0, max: an integer >= 1 \}; keeping \{"intervalMs":10,"max":10\}$/,
    ],
    ['batch: true', { batch: true }, /configure: batch must be false or \{/],
    ['batch as text', { batch: 'fast' }, /configure: batch must be false or \{/],
    [
      'batch.max: 0',
      { batch: { max: 0 } },
      /^cm-material-download: configure: batch must be false or \{ intervalMs: a number >= 0, max: an integer >= 1 \}; keeping \{"intervalMs":10,"max":10\}$/,
    ],
    ['a negative batch.max', { batch: { max: -2 } }, /configure: batch must be .*max: an integer >= 1/],
    ['a fractional batch.max', { batch: { max: 2.5 } }, /configure: batch must be .*intervalMs: a number >= 0/],
    ['a NaN batch.max', { batch: { max: NaN } }, /configure: batch must be .*intervalMs: a number >= 0/],
    [
      'a negative batch.intervalMs',
      { batch: { intervalMs: -1 } },
      /configure: batch must be .*intervalMs: a number >= 0/,
    ],
    ['a NaN batch.intervalMs', { batch: { intervalMs: NaN } }, /configure: batch must be .*intervalMs: a number >= 0/],
  ])('%s', (_, options, message) => {
    expect(() => configureTransport(options as unknown as ConfigureOptions)).not.toThrow();
    expect(getConfig()).toEqual(DEFAULTS);
    expect(logged()).toEqual([expect.stringMatching(message)]);
  });

  it('and still applies the good values of the same call', () => {
    configureTransport({ batch: { intervalMs: 40, max: 4 } });
    const options = { batch: { max: 0 }, timeoutMs: 9, endpoint: '', cacheTtlMs: 1 };
    expect(configureTransport(options as unknown as ConfigureOptions)).toEqual({
      ...DEFAULTS,
      batch: { intervalMs: 40, max: 4 },
      timeoutMs: 9,
      cacheTtlMs: 1,
    });
    expect(logged()).toHaveLength(2);
  });

  it('naming the endpoint it keeps', () => {
    configureTransport({ endpoint: 'https://api.example/graphql' });
    configureTransport({ endpoint: 7 } as unknown as ConfigureOptions);
    expect(logged()).toEqual([expect.stringContaining('keeping "https://api.example/graphql"')]);
  });
});
