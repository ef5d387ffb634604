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
  /** How long operations are collected before they go out together, in ms. @defaultValue `10` */
  intervalMs: number;
  /** Most operations in one array POST. @defaultValue `10` */
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
  /** How many more times a lookup that failed on the wire is tried. @defaultValue `2` */
  attempts: number;
  /** The first wait, in ms; each next one is three times longer, ±20%. @defaultValue `500` */
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
  /** Abort a request after this long, in ms. @defaultValue `30000` */
  timeoutMs: number;
  /** Array batching; `false` sends each operation alone. @defaultValue `{ intervalMs: 10, max: 10 }` */
  batch: BatchOptions | false;
  /**
   * How long an answer is reused for the same inputs (a second element, or an element returning to earlier inputs),
   * in ms; 0 turns the cache off. Short, because download links may be signed and expire.
   * @defaultValue `60000`
   */
  cacheTtlMs: number;
  /** Retries of lookups that failed on the wire; `false` for none. @defaultValue `{ attempts: 2, baseDelayMs: 500 }` */
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

function defaults(): MaterialDownloadConfig {
  return {
    endpoint:
      typeof __CM_GRAPHQL_ENDPOINT__ === 'string' && __CM_GRAPHQL_ENDPOINT__ !== ''
        ? __CM_GRAPHQL_ENDPOINT__
        : '/graphql',
    timeoutMs: 30000,
    batch: { intervalMs: 10, max: 10 },
    cacheTtlMs: 60_000,
    retry: { attempts: 2, baseDelayMs: 500 },
  };
}

/** One per page, whichever copy of the code set it; every copy shares this shape: add to it, never change it. */
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

type Check = (value: unknown) => boolean;

/** A finite number of at least `least`; a whole one where `whole`. */
const isNumber =
  (least: number, whole = false): Check =>
  (value) =>
    (whole ? Number.isInteger(value) : Number.isFinite(value)) && (value as number) >= least;

/** Each option: what it must be, in the log's words, and its check, or for `batch` and `retry`, each field's. */
const OPTIONS: { [Name in keyof MaterialDownloadConfig]: [rule: string, check: Check | Record<string, Check>] } = {
  endpoint: ['a non-empty URL string', (value) => typeof value === 'string' && value !== ''],
  timeoutMs: ['a positive number', (value) => isNumber(0)(value) && value !== 0],
  cacheTtlMs: ['a number >= 0', isNumber(0)],
  batch: [
    'false or { intervalMs: a number >= 0, max: an integer >= 1 }',
    { intervalMs: isNumber(0), max: isNumber(1, true) },
  ],
  retry: [
    'false or { attempts: an integer >= 0, baseDelayMs: a number >= 0 }',
    { attempts: isNumber(0, true), baseDelayMs: isNumber(0) },
  ],
};

/** The transport's part of `configure`: a bad value is logged and ignored, never thrown inside the customer's page. */
export function configureTransport(options: ConfigureOptions = {}): Readonly<MaterialDownloadConfig> {
  const current = getConfig() as unknown as Record<string, unknown>;
  const next = { ...current };
  for (const [name, [rule, check]] of Object.entries(OPTIONS)) {
    let value: unknown = options[name as keyof ConfigureOptions];
    if (value === undefined) continue;
    const kept = current[name];
    let valid = value === false;
    if (typeof check === 'function') valid = check(value);
    else if (typeof value === 'object' && value !== null) {
      // A part goes over the current fields, or over the defaults where the option is off.
      const base = (kept || defaults()[name as keyof MaterialDownloadConfig]) as Record<string, unknown>;
      const part = value as Record<string, unknown>;
      const merged: Record<string, unknown> = {};
      valid = Object.entries(check).every(([key, isValid]) =>
        isValid((merged[key] = part[key] === undefined ? base[key] : part[key])),
      );
      value = merged;
    }
    if (valid) next[name] = value;
    else logError(`configure: ${name} must be ${rule}; keeping ${JSON.stringify(kept)}`);
  }
  page().current = next as unknown as MaterialDownloadConfig;
  return page().current;
}

/** For tests: pages reach the options only through `configure`, which never resets. */
export function resetConfig(): void {
  page().current = defaults();
}
