import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { configureTransport, getConfig, resetConfig, type ConfigureOptions } from '../../src/api/config';

/** configureTransport() runs inside the customer's page: a bad value is logged and ignored, never thrown. */

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  resetConfig();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
  resetConfig();
});

const logged = () => consoleError.mock.calls.map((call) => String(call[0]));

describe('configureTransport({ retry })', () => {
  it('tries a failure on the wire 2 more times from 500 ms by default', () => {
    expect(getConfig().retry).toEqual({ attempts: 2, baseDelayMs: 500 });
  });

  it('false turns retries off; an object turns them back on', () => {
    expect(configureTransport({ retry: false }).retry).toBe(false);
    expect(configureTransport({ retry: { attempts: 1 } }).retry).toEqual({ attempts: 1, baseDelayMs: 500 });
    expect(logged()).toEqual([]);
  });

  it('a partial object changes what it names and keeps the rest', () => {
    expect(configureTransport({ retry: { attempts: 4 } }).retry).toEqual({ attempts: 4, baseDelayMs: 500 });
    expect(configureTransport({ retry: { baseDelayMs: 50 } }).retry).toEqual({ attempts: 4, baseDelayMs: 50 });
    expect(configureTransport({ retry: {} }).retry).toEqual({ attempts: 4, baseDelayMs: 50 });
    expect(configureTransport({ retry: { attempts: undefined, baseDelayMs: 60 } }).retry).toEqual({
      attempts: 4,
      baseDelayMs: 60,
    });
    expect(logged()).toEqual([]);
  });

  it('0 attempts and a 0 ms wait are allowed', () => {
    expect(configureTransport({ retry: { attempts: 0, baseDelayMs: 0 } }).retry).toEqual({
      attempts: 0,
      baseDelayMs: 0,
    });
    expect(logged()).toEqual([]);
  });

  it.each([
    ['null', null],
    ['true', true],
    ['a number', 3],
    ['a string', 'always'],
    ['NaN attempts', { attempts: Number.NaN }],
    ['negative attempts', { attempts: -1 }],
    ['non-integer attempts', { attempts: 1.5 }],
    ['infinite attempts', { attempts: Number.POSITIVE_INFINITY }],
    ['attempts as a string', { attempts: '3' }],
    ['null attempts', { attempts: null }],
    ['NaN baseDelayMs', { baseDelayMs: Number.NaN }],
    ['negative baseDelayMs', { baseDelayMs: -100 }],
    ['infinite baseDelayMs', { baseDelayMs: Number.POSITIVE_INFINITY }],
    ['baseDelayMs as a string', { baseDelayMs: '500' }],
    ['null baseDelayMs', { baseDelayMs: null }],
    ['one good and one bad value', { attempts: 3, baseDelayMs: -1 }],
  ])('%s: logged once and ignored, never thrown', (_, retry) => {
    configureTransport({ retry: { attempts: 3, baseDelayMs: 100 } });
    expect(() => configureTransport({ retry } as unknown as ConfigureOptions)).not.toThrow();
    expect(getConfig().retry).toEqual({ attempts: 3, baseDelayMs: 100 });
    expect(logged()).toEqual([
      expect.stringMatching(
        /^cm-material-download: configure: retry must be false or \{ attempts: an integer >= 0, baseDelayMs: a number >= 0 \}; keeping \{"attempts":3,"baseDelayMs":100\}$/,
      ),
    ]);
  });

  it('a bad value while retries are off keeps them off', () => {
    configureTransport({ retry: false });
    configureTransport({ retry: { attempts: -1 } });
    configureTransport({ retry: null } as unknown as ConfigureOptions);
    expect(getConfig().retry).toBe(false);
    expect(logged()).toHaveLength(2);
  });

  it('a bad retry leaves the other options of the same call to apply', () => {
    const config = configureTransport({ retry: { baseDelayMs: -1 }, timeoutMs: 1234, batch: false });
    expect(config).toMatchObject({ retry: { attempts: 2, baseDelayMs: 500 }, timeoutMs: 1234, batch: false });
    expect(logged()).toHaveLength(1);
  });

  it('resetConfig() brings the default retries back', () => {
    configureTransport({ retry: false });
    resetConfig();
    expect(getConfig().retry).toEqual({ attempts: 2, baseDelayMs: 500 });
  });
});

describe('configureTransport({ batch })', () => {
  it('a bad value after batch: false keeps batching off', () => {
    configureTransport({ batch: false });
    for (const batch of [null, 7, { max: 0 }, { intervalMs: -1 }, { max: 2.5 }, { intervalMs: Number.NaN }])
      expect(configureTransport({ batch } as unknown as ConfigureOptions).batch).toBe(false);
    expect(logged()).toHaveLength(6);
  });

  it('a bad value keeps the current batching', () => {
    configureTransport({ batch: { intervalMs: 20, max: 5 } });
    expect(configureTransport({ batch: { max: 0 } }).batch).toEqual({ intervalMs: 20, max: 5 });
    expect(logged()).toEqual([expect.stringContaining('max: an integer >= 1 }; keeping {"intervalMs":20,"max":5}')]);
  });
});
