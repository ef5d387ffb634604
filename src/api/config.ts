import { logError } from '../log.js';

/** Build-time default, replaced by the bundler from `CM_GRAPHQL_ENDPOINT`. */
declare const __CM_GRAPHQL_ENDPOINT__: string | undefined;

/**
 * How operations started close together go out as one JSON-array POST.
 *
 * @example
 * ```ts
 * configure({ batch: { intervalMs: 20, max: 25 } satisfies BatchOptions });
 * ```
 */
export interface BatchOptions {
  /**
   * How long operations are collected before they go out together, in ms.
   * @defaultValue `10`
   */
  intervalMs: number;
  /**
   * Most operations in one array POST.
   * @defaultValue `10`
   */
  max: number;
}

/**
 * How a lookup that failed on the wire (network error, HTTP 429, 502, 503, 504) is tried again.
 *
 * @example
 * ```ts
 * configure({ retry: { attempts: 4, baseDelayMs: 250 } satisfies RetryOptions });
 * ```
 */
export interface RetryOptions {
  /**
   * How many more times a lookup that failed on the wire is tried.
   * @defaultValue `2`
   */
  attempts: number;
  /**
   * The first wait, in ms; each next one is three times longer, ±20%.
   * @defaultValue `500`
   */
  baseDelayMs: number;
}

/**
 * The options in force for every element, as `configure` returns them.
 *
 * @example
 * ```ts
 * const { endpoint, timeoutMs }: Readonly<MaterialDownloadConfig> = configure();
 * ```
 */
export interface MaterialDownloadConfig {
  /**
   * The provider's `/graphql`; relative URLs resolve against the page.
   * @defaultValue `'/graphql'`, or `CM_GRAPHQL_ENDPOINT` as it was when the package was built
   */
  endpoint: string;
  /**
   * Abort a request after this long, in ms.
   * @defaultValue `30000`
   */
  timeoutMs: number;
  /**
   * Array batching; `false` sends each operation alone.
   * @defaultValue `{ intervalMs: 10, max: 10 }`
   */
  batch: BatchOptions | false;
  /**
   * How long an answer is reused for the same inputs (a second element, or an element
   * returning to earlier inputs), in ms; 0 turns the cache off. Short, because download
   * links may be signed and expire.
   * @defaultValue `60000`
   */
  cacheTtlMs: number;
  /**
   * Retries of lookups that failed on the wire; `false` for none.
   * @defaultValue `{ attempts: 2, baseDelayMs: 500 }`
   */
  retry: RetryOptions | false;
}

/**
 * What the transport's `configure` takes: any of {@link MaterialDownloadConfig}'s fields, and
 * any part of `batch` and `retry`.
 *
 * @example
 * ```ts
 * const options: ConfigureOptions = { cacheTtlMs: 0, retry: { attempts: 1 } };
 * configure(options);
 * ```
 */
export type ConfigureOptions = Partial<Omit<MaterialDownloadConfig, 'batch' | 'retry'>> & {
  batch?: Partial<BatchOptions> | false;
  retry?: Partial<RetryOptions> | false;
};

const DEFAULT_BATCH: BatchOptions = { intervalMs: 10, max: 10 };
const DEFAULT_RETRY: RetryOptions = { attempts: 2, baseDelayMs: 500 };

function defaultEndpoint(): string {
  return typeof __CM_GRAPHQL_ENDPOINT__ === 'string' && __CM_GRAPHQL_ENDPOINT__ !== ''
    ? __CM_GRAPHQL_ENDPOINT__
    : '/graphql';
}

const DEFAULT_CACHE_TTL_MS = 60_000;

function defaults(): MaterialDownloadConfig {
  return {
    endpoint: defaultEndpoint(),
    timeoutMs: 30000,
    batch: DEFAULT_BATCH,
    cacheTtlMs: DEFAULT_CACHE_TTL_MS,
    retry: DEFAULT_RETRY,
  };
}

/**
 * One configuration per page, whichever copy of the code set it. The
 * self-registering files and the library entry each carry this module, and
 * a page that loads one file and configures through the other (the lite
 * file for the element, `import { configure }` for the options) must reach
 * the same elements; so the options live on `globalThis` under a registered
 * symbol every copy finds. Every copy shares this shape: add to it, never
 * change it. Set by the first copy to ask, with its build's defaults.
 */
interface PageConfiguration {
  current: MaterialDownloadConfig;
}

const PAGE_CONFIGURATION = Symbol.for('cm-material-download.configuration');

function page(): PageConfiguration {
  const global = globalThis as { [PAGE_CONFIGURATION]?: PageConfiguration };
  return (global[PAGE_CONFIGURATION] ??= { current: defaults() });
}

export function getConfig(): Readonly<MaterialDownloadConfig> {
  return page().current;
}

const isPositiveNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * The transport's part of the public `configure` (src/element/configureElements.ts
 * adds the debugging hook): sets options for every element from now on. A
 * bad value is logged and ignored, never thrown: this runs inside the
 * customer's page.
 *
 * @example configureTransport({ endpoint: 'https://api.example.com/graphql', batch: false })
 */
export function configureTransport(options: ConfigureOptions = {}): Readonly<MaterialDownloadConfig> {
  const current = getConfig();
  const next = { ...current };
  if (options.endpoint !== undefined) {
    if (typeof options.endpoint === 'string' && options.endpoint !== '') next.endpoint = options.endpoint;
    else logError(`configure: endpoint must be a non-empty URL string; keeping "${current.endpoint}"`);
  }
  if (options.timeoutMs !== undefined) {
    if (isPositiveNumber(options.timeoutMs) && options.timeoutMs > 0) next.timeoutMs = options.timeoutMs;
    else logError(`configure: timeoutMs must be a positive number; keeping ${current.timeoutMs}`);
  }
  if (options.cacheTtlMs !== undefined) {
    if (isPositiveNumber(options.cacheTtlMs)) next.cacheTtlMs = options.cacheTtlMs;
    else logError(`configure: cacheTtlMs must be a number >= 0; keeping ${current.cacheTtlMs}`);
  }
  if (options.batch !== undefined) {
    if (options.batch === false) next.batch = false;
    // A bad value keeps the current batching, even none.
    else next.batch = resolveBatch(options.batch, current.batch || DEFAULT_BATCH) ?? current.batch;
  }
  if (options.retry !== undefined) {
    if (options.retry === false) next.retry = false;
    // A bad value keeps the current retries, even none.
    else next.retry = resolveRetry(options.retry, current.retry || DEFAULT_RETRY) ?? current.retry;
  }
  page().current = next;
  return next;
}

/** `retry` over `base`; undefined, and logged, when it is not a valid retry policy. */
function resolveRetry(retry: unknown, base: RetryOptions): RetryOptions | undefined {
  if (typeof retry !== 'object' || retry === null) {
    logError('configure: retry must be false or { attempts, baseDelayMs }; keeping the current retries');
    return undefined;
  }
  const { attempts = base.attempts, baseDelayMs = base.baseDelayMs } = retry as Partial<RetryOptions>;
  const valid = Number.isInteger(attempts) && attempts >= 0 && isPositiveNumber(baseDelayMs);
  if (!valid)
    logError(
      'configure: retry.attempts must be an integer >= 0 and retry.baseDelayMs >= 0; keeping the current retries',
    );
  return valid ? { attempts, baseDelayMs } : undefined;
}

/** `batch` over `base`; undefined, and logged, when it is not a valid batch rule. */
function resolveBatch(batch: unknown, base: BatchOptions): BatchOptions | undefined {
  if (typeof batch !== 'object' || batch === null) {
    logError('configure: batch must be false or { intervalMs, max }; keeping the current batching');
    return undefined;
  }
  const { intervalMs = base.intervalMs, max = base.max } = batch as Partial<BatchOptions>;
  const valid = isPositiveNumber(intervalMs) && Number.isInteger(max) && max >= 1;
  if (!valid)
    logError('configure: batch.intervalMs must be >= 0 and batch.max an integer >= 1; keeping the current batching');
  return valid ? { intervalMs, max } : undefined;
}

/** Back to the defaults, for tests: pages reach the options only through `configure`, which never resets. */
export function resetConfig(): void {
  page().current = defaults();
}
