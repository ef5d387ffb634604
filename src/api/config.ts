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

function defaults(): MaterialDownloadConfig {
  return {
    endpoint:
      typeof __CM_GRAPHQL_ENDPOINT__ === 'string' && __CM_GRAPHQL_ENDPOINT__ !== ''
        ? __CM_GRAPHQL_ENDPOINT__
        : '/graphql',
    timeoutMs: 30000,
    batch: DEFAULT_BATCH,
    cacheTtlMs: 60_000,
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

/** Says that a bad value was ignored, and what stays. */
const refuse = (rule: string, kept: string | number) => logError(`configure: ${rule}; keeping ${kept}`);

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
  const { endpoint, timeoutMs, cacheTtlMs, batch, retry } = options;
  if (endpoint !== undefined) {
    if (typeof endpoint === 'string' && endpoint !== '') next.endpoint = endpoint;
    else refuse('endpoint must be a non-empty URL string', `"${current.endpoint}"`);
  }
  if (timeoutMs !== undefined) {
    if (isPositiveNumber(timeoutMs) && timeoutMs > 0) next.timeoutMs = timeoutMs;
    else refuse('timeoutMs must be a positive number', current.timeoutMs);
  }
  if (cacheTtlMs !== undefined) {
    if (isPositiveNumber(cacheTtlMs)) next.cacheTtlMs = cacheTtlMs;
    else refuse('cacheTtlMs must be a number >= 0', current.cacheTtlMs);
  }
  // A bad value keeps the current batching or retries, even none.
  if (batch !== undefined) {
    next.batch = batch === false ? false : (over(batch, current.batch || DEFAULT_BATCH, BATCH_RULES) ?? current.batch);
  }
  if (retry !== undefined) {
    next.retry = retry === false ? false : (over(retry, current.retry || DEFAULT_RETRY, RETRY_RULES) ?? current.retry);
  }
  page().current = next;
  return next;
}

/** What makes an option of several fields valid, and what the log says where it is no object, or not valid. */
type Rules<T> = [valid: (merged: T) => boolean, notAnObject: () => void, notValid: () => void];

const BATCHING = 'the current batching';
const BATCH_RULES: Rules<BatchOptions> = [
  ({ intervalMs, max }) => isPositiveNumber(intervalMs) && Number.isInteger(max) && max >= 1,
  () => refuse('batch must be false or { intervalMs, max }', BATCHING),
  () => refuse('batch.intervalMs must be >= 0 and batch.max an integer >= 1', BATCHING),
];

const RETRIES = 'the current retries';
const RETRY_RULES: Rules<RetryOptions> = [
  ({ attempts, baseDelayMs }) => Number.isInteger(attempts) && attempts >= 0 && isPositiveNumber(baseDelayMs),
  () => refuse('retry must be false or { attempts, baseDelayMs }', RETRIES),
  () => refuse('retry.attempts must be an integer >= 0 and retry.baseDelayMs >= 0', RETRIES),
];

/** `value`'s fields over `base`'s, where `value` is an object and they are valid; undefined, and logged, where not. */
function over<T extends object>(value: unknown, base: T, [valid, notAnObject, notValid]: Rules<T>): T | undefined {
  if (typeof value !== 'object' || value === null) return void notAnObject();
  const given = value as Record<string, unknown>;
  const merged = Object.fromEntries(
    Object.entries(base).map(([key, fallback]) => [key, given[key] === undefined ? fallback : given[key]]),
  ) as T;
  return valid(merged) ? merged : void notValid();
}

/** Back to the defaults, for tests: pages reach the options only through `configure`, which never resets. */
export function resetConfig(): void {
  page().current = defaults();
}
