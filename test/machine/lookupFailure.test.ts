import { describe, expect, it } from 'vitest';
import { LookupError } from '../../src/api/wire';
import { readLookupFailure } from '../../src/machine/materialDownload.machine';

/**
 * How the machine reads a failed lookup: all the transport's LookupError
 * says, and of anything else a lookup may reject with, only what has its
 * type. The machine's own tests (lookupOutcomes, machine) show what each
 * field then does.
 */

describe('readLookupFailure', () => {
  it("reads all the transport's failure says", () => {
    const error = new LookupError('request failed: HTTP 503', { transient: true, retryInMs: 500, retryAt: 1_500 });
    expect(readLookupFailure(error)).toEqual({
      message: 'request failed: HTTP 503',
      reason: 'request-failed',
      retryInMs: 500,
      retryAt: 1_500,
      transient: true,
    });
    expect(readLookupFailure(new LookupError('HTTP 401', { reason: 'unauthorized' })).reason).toBe('unauthorized');
  });

  it('a LookupError with no wait is not worth another try, and did not fail on the wire', () => {
    expect(readLookupFailure(new LookupError('invalid response'))).toMatchObject({
      retryInMs: null,
      retryAt: null,
      transient: false,
    });
  });

  it('any Error: its message, a request that failed, and nothing more', () => {
    expect(readLookupFailure(new TypeError('Failed to fetch'))).toEqual({
      message: 'Failed to fetch',
      reason: 'request-failed',
      retryInMs: null,
      retryAt: null,
      transient: false,
    });
  });

  it('fields of another type read as not said', () => {
    const odd = { message: 42, reason: 'tired', retryInMs: '500', retryAt: '1000', transient: 'yes' };
    expect(readLookupFailure(odd)).toEqual({
      message: '[object Object]',
      reason: 'request-failed',
      retryInMs: null,
      retryAt: null,
      transient: false,
    });
  });

  it.each([
    ['a string', 'boom', 'boom'],
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['a number', 503, '503'],
  ])('%s: the failure as text', (_, error, message) => {
    expect(readLookupFailure(error)).toEqual({
      message,
      reason: 'request-failed',
      retryInMs: null,
      retryAt: null,
      transient: false,
    });
  });
});
