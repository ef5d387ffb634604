import { logError } from '../log.js';

/** Build-time default, replaced by the bundler from `CM_GRAPHQL_ENDPOINT`. */
declare const __CM_GRAPHQL_ENDPOINT__: string | undefined;

/**
 * How operations started close together go out as one JSON-array POST.
 * @example `configure({ batch: { intervalMs: 20, max: 25 } satisfies BatchOptions });`
 */
export interface BatchOptions {
  /** How long operations are collected before they go out together, in ms. @defaultValue `10` */
  intervalMs: number;
  /** Most operations in one array POST. @defaultValue `10` */
  max: number;
}

/**
 * How a lookup that failed on the wire (network error, HTTP 429, 502, 503, 504) is tried again.
 * @example `configure({ retry: { attempts: 4, baseDelayMs: 250 } satisfies RetryOptions });`
 */
export interface RetryOptions {
  /** How many more times a lookup that failed on the wire is tried. @defaultValue `2` */
  attempts: number;
  /** The first wait, in ms; each next one is three times longer, ±20%. @defaultValue `500` */
  baseDelayMs: number;
}

/**
 * The options in force for every element, as `configure` returns them.
 * @example `const { endpoint, timeoutMs }: Readonly<MaterialDownloadConfig> = configure();`
 */
export interface MaterialDownloadConfig {
  /** The provider's `/graphql`, relative to the page or absolute. @defaultValue `'/graphql'`, or `CM_GRAPHQL_ENDPOINT` at build time */
  endpoint: string;
  /** Abort a request after this long, in ms. @defaultValue `30000` */
  timeoutMs: number;
  /** Array batching; `false` sends each operation alone. @defaultValue `{ intervalMs: 10, max: 10 }` */
  batch: BatchOptions | false;
  /** How long an answer is reused for the same inputs, in ms (short: links may be signed and expire); 0 turns it off. @defaultValue `60000` */
  cacheTtlMs: number;
  /** Retries of lookups that failed on the wire; `false` for none. @defaultValue `{ attempts: 2, baseDelayMs: 500 }` */
  retry: RetryOptions | false;
}

/**
 * What `configure` takes: any of {@link MaterialDownloadConfig}'s fields, and any part of `batch` and `retry`.
 * @example `configure({ cacheTtlMs: 0, retry: { attempts: 1 } } satisfies ConfigureOptions);`
 */
export type ConfigureOptions = Partial<Omit<MaterialDownloadConfig, 'batch' | 'retry'>> & {
  batch?: Partial<BatchOptions> | false;
  retry?: Partial<RetryOptions> | false;
};

const defaults = (): MaterialDownloadConfig => ({
  endpoint: (typeof __CM_GRAPHQL_ENDPOINT__ === 'string' && __CM_GRAPHQL_ENDPOINT__) || '/graphql',
  timeoutMs: 30000,
  batch: { intervalMs: 10, max: 10 },
  cacheTtlMs: 60_000,
  retry: { attempts: 2, baseDelayMs: 500 },
});

/** One per page, whichever copy of the code set it: every copy shares this shape, so add to it, never change it. */
const PAGE = Symbol.for('cm-material-download.configuration');
const page = () => ((globalThis as { [PAGE]?: { current: MaterialDownloadConfig } })[PAGE] ??= { current: defaults() });
export const getConfig = (): Readonly<MaterialDownloadConfig> => page().current;
/** For tests: pages reach the options only through `configure`, which never resets. */
export const resetConfig = (): Readonly<MaterialDownloadConfig> => (page().current = defaults());

type Check = (value: unknown) => boolean;

function number(least: number, isNumber: Check = Number.isFinite): Check {
  return (value) => isNumber(value) && (value as number) >= least;
}
const integer = (least: number) => number(least, Number.isInteger);

/** Each option: what it must be, in the log's words, and its check, or for `batch` and `retry` each field's. */
const OPTIONS: [keyof MaterialDownloadConfig, rule: string, check: Check | Record<string, Check>][] = [
  ['endpoint', 'a non-empty URL string', (value) => typeof value === 'string' && value !== ''],
  ['timeoutMs', 'a positive number', (value) => number(0)(value) && value !== 0],
  ['cacheTtlMs', 'a number >= 0', number(0)],
  ['batch', 'false or { intervalMs: a number >= 0, max: an integer >= 1 }', { intervalMs: number(0), max: integer(1) }],
  [
    'retry',
    'false or { attempts: an integer >= 0, baseDelayMs: a number >= 0 }',
    { attempts: integer(0), baseDelayMs: number(0) },
  ],
];

function checked(given: unknown, check: Check | Record<string, Check>, base: unknown): unknown {
  if (typeof check === 'function') return check(given) ? given : undefined;
  if (given === false) return false;
  if (typeof given !== 'object' || given === null) return undefined;
  const part = given as Record<string, unknown>;
  const value: Record<string, unknown> = { ...(base as object) };
  for (const field of Object.keys(check)) if (part[field] !== undefined) value[field] = part[field];
  return Object.entries(check).every(([field, isValid]) => isValid(value[field])) ? value : undefined;
}

/** The transport's part of `configure`: a bad value is logged and ignored, never thrown inside the customer's page. */
export function configureTransport(options: ConfigureOptions = {}): Readonly<MaterialDownloadConfig> {
  const { current } = page();
  const next: Record<string, unknown> = { ...current };
  for (const [name, rule, check] of OPTIONS) {
    if (options[name] === undefined) continue;
    // Where an option is off, a part of it goes over the defaults.
    const value = checked(options[name], check, current[name] || defaults()[name]);
    if (value !== undefined) next[name] = value;
    else logError(`configure: ${name} must be ${rule}; keeping ${JSON.stringify(current[name])}`);
  }
  return (page().current = next as unknown as MaterialDownloadConfig);
}
