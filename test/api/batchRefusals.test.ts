import { describe, expect, it, vi } from 'vitest';
import { BATCH_REFUSAL_KEY_PREFIX, createBatchRefusals } from '../../src/api/transport';

const ENDPOINT = 'https://api.example/graphql';
const OTHER = 'https://other.example/graphql';

/** A sessionStorage of `items`, whose reads and writes the test can count. */
function memoryStorage(items: Record<string, string> = {}) {
  const store = {
    getItem: vi.fn((key: string) => items[key] ?? null),
    setItem: vi.fn((key: string, value: string) => void (items[key] = value)),
  };
  return { items, store, storage: () => store };
}

const securityError = () => new DOMException('The operation is insecure.', 'SecurityError');
const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

describe('batch refusals', () => {
  it('knows no refusal of an endpoint it has not seen refuse', () => {
    const { storage } = memoryStorage();
    expect(createBatchRefusals(storage).refuses(ENDPOINT)).toBe(false);
  });

  it('remembers a refusal per endpoint, under a key of its own in the session storage', () => {
    const { items, storage } = memoryStorage();
    const refusals = createBatchRefusals(storage);
    refusals.remember(ENDPOINT);
    expect(refusals.refuses(ENDPOINT)).toBe(true);
    expect(refusals.refuses(OTHER)).toBe(false);
    expect(items).toEqual({ [`${BATCH_REFUSAL_KEY_PREFIX}${ENDPOINT}`]: '1' });
  });

  it('knows what an earlier page load of the session remembered', () => {
    const { storage } = memoryStorage();
    createBatchRefusals(storage).remember(ENDPOINT);
    const nextPage = createBatchRefusals(storage);
    expect(nextPage.refuses(ENDPOINT)).toBe(true);
    expect(nextPage.refuses(OTHER)).toBe(false);
  });

  it('reads the storage once per endpoint, however often it is asked', () => {
    const { store, storage } = memoryStorage();
    const refusals = createBatchRefusals(storage);
    for (let index = 0; index < 5; index += 1) {
      refusals.refuses(ENDPOINT);
      refusals.refuses(OTHER);
    }
    expect(store.getItem).toHaveBeenCalledTimes(2);
  });

  it('writes a refusal once, and not at all where the storage already had it', () => {
    const { store, storage } = memoryStorage({ [`${BATCH_REFUSAL_KEY_PREFIX}${OTHER}`]: '1' });
    const refusals = createBatchRefusals(storage);
    refusals.remember(ENDPOINT);
    refusals.remember(ENDPOINT);
    expect(refusals.refuses(OTHER)).toBe(true);
    refusals.remember(OTHER);
    expect(store.setItem).toHaveBeenCalledTimes(1);
  });

  describe('where the storage fails', () => {
    it.each([
      [
        'reaching the storage throws',
        () => {
          throw securityError();
        },
      ],
      ['there is no storage', () => null],
    ])('%s: no refusal known, nothing thrown or logged, and this page still remembers one', (_, storage) => {
      const logged = vi.spyOn(console, 'error');
      const refusals = createBatchRefusals(storage);
      expect(refusals.refuses(ENDPOINT)).toBe(false);
      expect(() => refusals.remember(ENDPOINT)).not.toThrow();
      expect(refusals.refuses(ENDPOINT)).toBe(true);
      expect(logged).not.toHaveBeenCalled();
      logged.mockRestore();
    });

    it('getItem throws: no refusal known, and it is not read again on this page', () => {
      const getItem = vi.fn(() => {
        throw securityError();
      });
      const refusals = createBatchRefusals(() => ({ getItem, setItem: () => {} }));
      expect(refusals.refuses(ENDPOINT)).toBe(false);
      expect(refusals.refuses(ENDPOINT)).toBe(false);
      expect(getItem).toHaveBeenCalledOnce();
    });

    it('setItem throws (the storage is full): this page remembers, the next one does not know', () => {
      const { items, store } = memoryStorage();
      const full = {
        getItem: store.getItem,
        setItem: vi.fn(() => {
          throw quotaError();
        }),
      };
      const refusals = createBatchRefusals(() => full);
      expect(() => refusals.remember(ENDPOINT)).not.toThrow();
      expect(refusals.refuses(ENDPOINT)).toBe(true);
      expect(items).toEqual({});
      expect(createBatchRefusals(() => full).refuses(ENDPOINT)).toBe(false);
    });
  });
});
