import { afterEach, beforeEach, expect, vi } from 'vitest';
import { configureTransport, resetConfig, type ConfigureOptions } from '../../../src/api/config';
import { createTransport, type Transport } from '../../../src/api/transport';
import type { FoundLink } from '../../../src/machine/materialDownload.types';
import type { LinkRequest } from '../../../src/machine/inputs';
import { answerEach, thumbnailAnswer, type Answer } from './fakeFetch';

/** A thumbnail request for `articleId`: a GetMaterialDownloadLink operation. */
export const thumbnailRequest = (articleId: string): LinkRequest => ({
  kind: 'thumbnail',
  organizationId: 'org-1',
  articleId,
  assignmentType: 'THUMBNAIL_10X10_CM',
});

/** The answer with a link of the article's own: `https://files.example/<articleId>.png`. */
export const linkAnswerOf = (articleId: string) => thumbnailAnswer(`https://files.example/${articleId}.png`);

/** What a lookup finds in `linkAnswerOf(articleId)`. */
export const foundLinkOf = (articleId: string): FoundLink => ({
  href: `https://files.example/${articleId}.png`,
  expiresAt: null,
});

/** Answers each operation of a request with the link of its own article. */
export const answerLinks: Answer = answerEach((variables) => linkAnswerOf(String(variables.articleId)));

let endpointCount = 0;
/**
 * Configures an endpoint of its own (a queue, cache keys and a sessionStorage
 * key no other test shares), batching in a window of 30 ms and no cache,
 * unless `overrides` say otherwise. Returns the endpoint.
 */
export function freshConfig(overrides: ConfigureOptions = {}): string {
  endpointCount += 1;
  const endpoint = `https://api.example/graphql/${endpointCount}`;
  configureTransport({ endpoint, timeoutMs: 30_000, batch: { intervalMs: 30, max: 10 }, cacheTtlMs: 0, ...overrides });
  return endpoint;
}

/**
 * Every test of the calling file on a fake clock, with a transport of its own
 * (nothing another test queued, shared or cached), and the config and
 * globals put back after it. Gives `elapse(ms)`, which lets the clock run and
 * every request started by then reach fetch; `transport()`, the test's; and
 * `lookup(articleId, signal?)`, a thumbnail lookup through it.
 */
export function useFakeClock() {
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
  const current = () => transport ?? expect.unreachable('a transport is made before each test');
  return {
    elapse: (ms: number) => vi.advanceTimersByTimeAsync(ms),
    transport: current,
    lookup: (articleId: string, signal = new AbortController().signal) =>
      current().lookup(thumbnailRequest(articleId), signal, 0),
  };
}
