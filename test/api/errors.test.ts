import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAbortError, LookupError } from '../../src/api/errors';

afterEach(() => vi.restoreAllMocks());

describe('LookupError', () => {
  it('is an Error named LookupError, not on the wire and not to be tried again unless told', () => {
    const error = new LookupError('request failed: HTTP 500');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('LookupError');
    expect(error.message).toBe('request failed: HTTP 500');
    expect(error.transient).toBe(false);
    expect(error.retryAfterMs).toBeUndefined();
    expect(error.retryInMs).toBeUndefined();
  });

  it('keeps what it is told', () => {
    const error = new LookupError('request failed: HTTP 503', {
      transient: true,
      retryAfterMs: 2000,
      jitter: 0.25,
      retryInMs: 2000,
    });
    expect(error).toMatchObject({ transient: true, retryAfterMs: 2000, jitter: 0.25, retryInMs: 2000 });
  });

  it('draws its jitter once, when none is given', () => {
    vi.spyOn(Math, 'random').mockReturnValueOnce(0.75).mockReturnValueOnce(0.1);
    expect(new LookupError('a').jitter).toBe(0.75);
    expect(new LookupError('b').jitter).toBe(0.1);
    expect(new LookupError('c', { jitter: 0 }).jitter).toBe(0);
  });
});

describe('isAbortError', () => {
  it.each([
    ['a DOMException AbortError', new DOMException('The operation was aborted.', 'AbortError'), true],
    ['an Error named AbortError', Object.assign(new Error('x'), { name: 'AbortError' }), true],
    ['a TimeoutError', new DOMException('timed out', 'TimeoutError'), false],
    ['a LookupError', new LookupError('request failed: HTTP 500'), false],
    ['a look-alike that is no Error', { name: 'AbortError' }, false],
    ['a string', 'AbortError', false],
  ])('%s: %s', (_, error, expected) => {
    expect(isAbortError(error)).toBe(expected);
  });
});
