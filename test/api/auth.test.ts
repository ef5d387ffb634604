import { afterEach, describe, expect, it, vi } from 'vitest';
import { readAuthHeaders } from '../../src/api/transport';

/** The headers read from a page's localStorage holding `items`. */
function headersWith(items: Record<string, string>) {
  vi.stubGlobal('localStorage', { getItem: (key: string) => items[key] ?? null });
  return readAuthHeaders();
}

describe('readAuthHeaders', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends the api key when there is one, ahead of a user token', () => {
    expect(headersWith({ 'cm-api-key': 'k-1', 'cm-user-token': 't-1' })).toEqual({ 'api-key': 'k-1' });
  });

  it('sends a bearer token when there is only a user token', () => {
    expect(headersWith({ 'cm-user-token': 't-1' })).toEqual({ authorization: 'Bearer t-1' });
  });

  it('sends no auth without either, or without storage at all', () => {
    expect(headersWith({})).toEqual({});
    vi.stubGlobal('localStorage', null);
    expect(readAuthHeaders()).toEqual({});
  });

  it('logs a storage failure and goes on without auth', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const blocked = () => {
      throw new DOMException('The document is sandboxed', 'SecurityError');
    };
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: blocked });
    try {
      expect(readAuthHeaders()).toEqual({});
    } finally {
      delete (globalThis as { localStorage?: unknown }).localStorage;
    }
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]![0])).toMatch(/cannot read localStorage.*SecurityError.*without auth/);
  });

  it.each(['key\nwith-newline', 'schlüssel-✓'])(
    'drops a secret no header can carry (%j) without logging it',
    (secret) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      expect(headersWith({ 'cm-api-key': secret })).toEqual({});
      expect(error).toHaveBeenCalledOnce();
      expect(JSON.stringify(error.mock.calls)).not.toContain(secret);
    },
  );
});

describe('readAuthHeaders from the page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("reads the page's localStorage by default", () => {
    vi.stubGlobal('localStorage', { getItem: (key: string) => ({ 'cm-user-token': 't-2' })[key] ?? null });
    expect(readAuthHeaders()).toEqual({ authorization: 'Bearer t-2' });
  });

  it('sends no auth and logs nothing where the page has no localStorage', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    // No such global at all, as in Node or a worker: reading it must not even be tried.
    const own = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    if (own) delete (globalThis as { localStorage?: unknown }).localStorage;
    try {
      expect(readAuthHeaders()).toEqual({});
    } finally {
      if (own) Object.defineProperty(globalThis, 'localStorage', own);
    }
    vi.stubGlobal('localStorage', null);
    expect(readAuthHeaders()).toEqual({});
    vi.stubGlobal('localStorage', undefined);
    expect(readAuthHeaders()).toEqual({});
    expect(error).not.toHaveBeenCalled();
  });

  it('names the storage key whose value no header can carry', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(headersWith({ 'cm-user-token': 'line\nbreak' })).toEqual({});
    expect(error.mock.calls.map((call) => String(call[0]))).toEqual([
      'cm-material-download: localStorage["cm-user-token"] holds characters an HTTP header cannot carry; sending the request without auth',
    ]);
  });
});
