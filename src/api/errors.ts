/** A lookup that could not produce a link; its message is what the console shows. */
export class LookupError extends Error {
  override name = 'LookupError';
  /** It failed on the wire in a way that may pass: the network, HTTP 429, 502, 503 or 504. */
  readonly transient: boolean;
  /** How long the server asked us to wait (its `Retry-After`), when it said. */
  readonly retryAfterMs: number | undefined;
  /**
   * Drawn once per failed request, so every operation of one failed batch
   * waits as long as the others and they retry as a batch again.
   */
  readonly jitter: number;
  /** When to try again, once the retry policy has been applied; undefined: not again. */
  readonly retryInMs: number | undefined;

  constructor(
    message: string,
    options: { transient?: boolean; retryAfterMs?: number; jitter?: number; retryInMs?: number } = {},
  ) {
    super(message);
    this.transient = options.transient ?? false;
    this.retryAfterMs = options.retryAfterMs;
    this.jitter = options.jitter ?? Math.random();
    this.retryInMs = options.retryInMs;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
