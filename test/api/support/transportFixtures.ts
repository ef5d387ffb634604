import { afterEach, beforeEach, expect, vi } from 'vitest';
import { createTransport, resetConfig, type Transport } from '../../../src/api';
import { getMaterialDownloadLinkQuery } from '../../../src/api/queries';
import type { Operation, SendOptions } from '../../../src/api/transport';
import { answerEach, thumbnailAnswer, type Answer } from './fakeFetch';

/** A GetMaterialDownloadLink operation for `articleId`. */
export const thumbnailOperation = (articleId: string): Operation => ({
  operationName: 'GetMaterialDownloadLink',
  query: getMaterialDownloadLinkQuery,
  variables: { articleId, organizationId: 'org-1', assignmentType: 'THUMBNAIL_10X10_CM' },
});

/** The answer with a link of the article's own: `https://files.example/<articleId>.png`. */
export const linkAnswerOf = (articleId: string) => thumbnailAnswer(`https://files.example/${articleId}.png`);

/** Answers each operation of a request with the link of its own article. */
export const answerLinks: Answer = answerEach((variables) => linkAnswerOf(String(variables.articleId)));

let endpointCount = 0;
/**
 * Options with an endpoint of their own: a queue, cache keys and a
 * sessionStorage key no other call shares (a transport remembers per
 * endpoint whether it takes arrays).
 * Batching in a window of 30 ms, no cache, unless `overrides` say otherwise.
 */
export function freshSendOptions(overrides: Partial<SendOptions> = {}): SendOptions {
  endpointCount += 1;
  return {
    endpoint: `https://api.example/graphql/${endpointCount}`,
    headers: { 'apollographql-client-name': 'web-components' },
    timeoutMs: 30_000,
    batch: { intervalMs: 30, max: 10 },
    cacheTtlMs: 0,
    ...overrides,
  };
}

/**
 * Every test of the calling file on a fake clock, with a transport of its own
 * (nothing another test queued, shared or cached), and the config and
 * globals put back after it. Gives `elapse(ms)`, which lets the clock run and
 * every request started by then reach fetch, and `transport()`, the test's.
 */
export function useFakeClock(): { elapse: (ms: number) => Promise<unknown>; transport: () => Transport } {
  let transport: Transport | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    transport = createTransport();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    resetConfig();
  });
  return {
    elapse: (ms) => vi.advanceTimersByTimeAsync(ms),
    transport: () => transport ?? expect.unreachable('a transport is made before each test'),
  };
}
