import { afterEach, describe, expect, it, vi } from 'vitest';
import { LookupError } from '../../src/api/wire';

afterEach(() => vi.restoreAllMocks());

describe('LookupError', () => {
  it('is an Error named LookupError, not on the wire and not to be tried again unless told', () => {
    const error = new LookupError('request failed: HTTP 500');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('LookupError');
    expect(error.message).toBe('request failed: HTTP 500');
    expect(error.reason).toBe('request-failed');
    expect(error.transient).toBe(false);
    expect(error.retryAfterMs).toBeUndefined();
    expect(error.retryInMs).toBeNull();
    expect(error.retryAt).toBeNull();
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
