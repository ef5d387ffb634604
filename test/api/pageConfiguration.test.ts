import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Two copies of the code on one page (the lite file for the element, the
 * library entry for `configure`) are two module instances: a fresh import
 * after `vi.resetModules()` is what a second bundle is.
 */
async function aCopyOfTheCode() {
  vi.resetModules();
  return import('../../src/api/config');
}

afterEach(async () => {
  (await aCopyOfTheCode()).resetConfig();
});

describe('one configuration per page, whichever copy set it', () => {
  it('options set through one copy are the options of another', async () => {
    const libraryEntry = await aCopyOfTheCode();
    const selfRegisteringFile = await aCopyOfTheCode();
    expect(libraryEntry).not.toBe(selfRegisteringFile);

    libraryEntry.configureTransport({ endpoint: 'https://api.example.com/graphql', timeoutMs: 5000 });

    expect(selfRegisteringFile.getConfig()).toMatchObject({
      endpoint: 'https://api.example.com/graphql',
      timeoutMs: 5000,
    });
  });

  it('and the other way round, each change on top of the last whichever copy made it', async () => {
    const first = await aCopyOfTheCode();
    const second = await aCopyOfTheCode();
    second.configureTransport({ timeoutMs: 7000 });
    first.configureTransport({ batch: false });
    expect(second.getConfig()).toMatchObject({ timeoutMs: 7000, batch: false });
  });
});
