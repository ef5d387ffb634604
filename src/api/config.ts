import { logError } from '../log';

/** Build-time default, replaced by the bundler from `CM_GRAPHQL_ENDPOINT`. */
declare const __CM_GRAPHQL_ENDPOINT__: string | undefined;

export interface BatchOptions {
  /** How long operations are collected before they go out together. @default 10 */
  intervalMs: number;
  /** Most operations in one array POST. @default 10 */
  max: number;
}

export interface MaterialDownloadConfig {
  /** The provider's `/graphql`; relative URLs resolve against the page. @default '/graphql' */
  endpoint: string;
  /** Abort a request after this long. @default 30000 */
  timeoutMs: number;
  /** Array batching; `false` sends each operation alone. @default { intervalMs: 10, max: 10 } */
  batch: BatchOptions | false;
  /**
   * How long an answer is reused for the same inputs (a second element, or an element
   * returning to earlier inputs), in ms; 0 turns the cache off. Short, because download
   * links may be signed and expire. @default 60000
   */
  cacheTtlMs: number;
}

export type ConfigureOptions = Partial<Omit<MaterialDownloadConfig, 'batch'>> & {
  batch?: Partial<BatchOptions> | false;
};

const DEFAULT_BATCH: BatchOptions = { intervalMs: 10, max: 10 };

function defaultEndpoint(): string {
  return typeof __CM_GRAPHQL_ENDPOINT__ === 'string' && __CM_GRAPHQL_ENDPOINT__ !== ''
    ? __CM_GRAPHQL_ENDPOINT__
    : '/graphql';
}

const DEFAULT_CACHE_TTL_MS = 60_000;

let current: MaterialDownloadConfig = {
  endpoint: defaultEndpoint(),
  timeoutMs: 30000,
  batch: DEFAULT_BATCH,
  cacheTtlMs: DEFAULT_CACHE_TTL_MS,
};

export function getConfig(): Readonly<MaterialDownloadConfig> {
  return current;
}

const isPositiveNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * Sets options for every element from now on. A bad value is logged and
 * ignored, never thrown: this runs inside the customer's page.
 *
 * @example configure({ endpoint: 'https://api.example.com/graphql', batch: false })
 */
export function configure(options: ConfigureOptions = {}): Readonly<MaterialDownloadConfig> {
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
    else next.batch = resolveBatch(options.batch, current.batch || DEFAULT_BATCH);
  }
  current = next;
  return current;
}

function resolveBatch(batch: Partial<BatchOptions> | null | unknown, base: BatchOptions): BatchOptions {
  if (typeof batch !== 'object' || batch === null) {
    logError('configure: batch must be false or { intervalMs, max }; keeping the current batching');
    return base;
  }
  const { intervalMs = base.intervalMs, max = base.max } = batch as Partial<BatchOptions>;
  const valid = isPositiveNumber(intervalMs) && Number.isInteger(max) && max >= 1;
  if (!valid)
    logError('configure: batch.intervalMs must be >= 0 and batch.max an integer >= 1; keeping the current batching');
  return valid ? { intervalMs, max } : base;
}

/** Back to the defaults; for tests and for pages that reconfigure from scratch. */
export function resetConfig(): void {
  current = { endpoint: defaultEndpoint(), timeoutMs: 30000, batch: DEFAULT_BATCH, cacheTtlMs: DEFAULT_CACHE_TTL_MS };
}
