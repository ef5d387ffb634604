// @ts-check
// Fault injection for tests: an article id names what goes wrong. Decided on
// the raw request body before GraphQL runs, because most faults are about the
// transport (status, broken JSON, dropped or hanging sockets), which GraphQL
// itself could never produce.

/**
 * A fault that replaces the whole HTTP answer. `retryAfter` is the
 * `Retry-After` header's value, in seconds, where the fault sends one.
 * @typedef {{ kind: 'status', status: number, format: 'json' | 'html', retryAfter?: number }
 *   | { kind: 'drop' } | { kind: 'hang' } | { kind: 'malformed' }
 *   | { kind: 'errors' } | { kind: 'wrong-shape' }
 *   | { kind: 'reply', json: unknown }} TerminalFault
 *
 * A fault that passes: the first `failures` requests carrying its article id
 * get `fault`, every later one is answered as the stand-in article.
 * @typedef {{ kind: 'flaky', failures: number, fault: TerminalFault & { kind: 'status' | 'drop' } }} FlakyFault
 *
 * How many requests carried each flaky article id so far (see FlakyFault).
 * @typedef {Map<string, number>} FaultCounts
 *
 * @typedef {object} FaultPlan
 * @property {TerminalFault | null} terminal
 * @property {number} delayMs wait before answering
 * @property {number[]} partialIndexes operations whose result gets an extra error
 * @property {Map<number, unknown>} refusals operations whose result is replaced by a refusal
 * @property {unknown} body the body to run, with aliased article ids replaced
 * @property {boolean} rewritten whether `body` differs from the request's
 */

/** Ids documented for test authors; the patterns below accept any code or delay. */
export const FAULT_IDS = [
  'fault-status-<code>-json',
  'fault-status-<code>-html',
  // ...with `Retry-After: <s>`; without -json or -html the body is JSON
  'fault-status-<code>[-json|-html]-retry-<s>',
  // the first <k> requests carrying this id fail so (a status with a JSON body, or a dropped
  // connection), later ones are answered as the stand-in; the counts restart with clearRequests().
  // A tag (letters and digits) makes another id, with counts of its own.
  'fault-flaky-<code>-<k>[-retry-<s>][-<tag>]',
  'fault-flaky-drop-<k>[-<tag>]',
  'fault-drop',
  'fault-malformed',
  'fault-errors',
  'fault-partial',
  'fault-hang',
  'fault-wrong-shape',
  'fault-delay-<ms>',
  // and each id of REPLY_FAULTS and of REFUSALS below
];

/** Faults that still answer with data answer with this article's. */
export const STAND_IN = { articleId: 'A-100', organizationId: 'org-1' };

const MAX_DELAY_MS = 120_000;
export const PARTIAL_ERROR = { message: 'Partial failure' };
export const INTERNAL_ERROR = { message: 'Internal failure' };

/**
 * Answers with HTTP 200 and this JSON for each operation: replies a client
 * must survive that no real GraphQL server should send (the reliability suite
 * walks through them). `[]` in a single answer's place is an array where an
 * object belongs.
 * @type {Record<string, unknown>}
 */
export const REPLY_FAULTS = {
  'fault-shape-no-data': {},
  'fault-shape-data-null': { data: null },
  'fault-shape-data-array': { data: [] },
  'fault-shape-material-array': { data: { materials: [[]] } },
  'fault-shape-assignments-object': { data: { materials: [{ dataObjectAssignments: {}, jsonFileAssignments: {} }] } },
  'fault-shape-string': 'not an answer',
  'fault-shape-null': null,
  'fault-shape-array': [],
  'fault-errors-null-data': { data: null, errors: [INTERNAL_ERROR] },
  'fault-errors-empty': { errors: [] },
  'fault-errors-empty-data': { data: { materials: [] }, errors: [PARTIAL_ERROR] },
};

/**
 * A GraphQL error as a server writes it where its resolver of `materials`
 * refused: with where in the query it happened, and the code in `extensions`.
 * @param {string} code @param {string} message
 */
export const refusal = (code, message) => ({
  message,
  locations: [{ line: 2, column: 3 }],
  path: ['materials'],
  extensions: { code },
});

/**
 * Answers with HTTP 200 and this JSON in the operation's place: how real
 * servers refuse a caller inside GraphQL. HotChocolate's `[Authorize]` nulls
 * the field it guards (`materials: null`) or, where the field cannot be null,
 * all of `data`; Apollo Server answers `data: null`. A server refuses each
 * operation on its own: the other operations of a batch are answered as usual.
 * @type {Record<string, unknown>}
 */
export const REFUSALS = {
  'fault-refused-hotchocolate-not-authorized': {
    errors: [refusal('AUTH_NOT_AUTHORIZED', 'The current user is not authorized to access this resource.')],
    data: { materials: null },
  },
  'fault-refused-hotchocolate-not-authenticated': {
    errors: [refusal('AUTH_NOT_AUTHENTICATED', 'The current user is not authenticated.')],
    data: null,
  },
  'fault-refused-apollo-unauthenticated': {
    errors: [refusal('UNAUTHENTICATED', 'You must be logged in to see materials.')],
    data: null,
  },
  'fault-refused-apollo-forbidden': {
    errors: [refusal('FORBIDDEN', 'You are not allowed to see the materials of this organization.')],
    data: null,
  },
};

/** @param {string} articleId @returns {{ kind: 'reply' | 'refused', json: unknown } | null} */
function replyFault(articleId) {
  const own = (/** @type {Record<string, unknown>} */ replies) =>
    Object.prototype.hasOwnProperty.call(replies, articleId);
  if (own(REPLY_FAULTS)) return { kind: 'reply', json: REPLY_FAULTS[articleId] };
  if (own(REFUSALS)) return { kind: 'refused', json: REFUSALS[articleId] };
  return null;
}

const MAX_RETRY_AFTER_S = 3600;

/** @param {string} code @returns {number | null} a status a server can send */
const statusOf = (code) => (Number(code) >= 200 && Number(code) <= 599 ? Number(code) : null);

/**
 * @param {number} status
 * @param {'json' | 'html'} format
 * @param {string | undefined} retryAfter seconds, as written in the id
 * @returns {TerminalFault & { kind: 'status' }}
 */
function statusFault(status, format, retryAfter) {
  return retryAfter === undefined
    ? { kind: 'status', status, format }
    : { kind: 'status', status, format, retryAfter: Math.min(Number(retryAfter), MAX_RETRY_AFTER_S) };
}

/**
 * @param {string} articleId
 * @returns {TerminalFault | FlakyFault | { kind: 'delay', ms: number } | { kind: 'partial' } | { kind: 'refused', json: unknown } | null}
 */
function parseFault(articleId) {
  const status = /^fault-status-(\d{3})(?:-(json|html))?(?:-retry-(\d+))?$/.exec(articleId);
  if (status && (status[2] || status[3])) {
    const code = statusOf(status[1] ?? '');
    return code ? statusFault(code, /** @type {'json' | 'html'} */ (status[2] ?? 'json'), status[3]) : null;
  }
  // A tag after it makes another article with counts of its own (a tag is not "retry").
  const flaky = /^fault-flaky-(?:(\d{3})-(\d+)(?:-retry-(\d+))?|drop-(\d+))(?:-(?!retry\b)[a-z][a-z0-9]*)?$/.exec(
    articleId,
  );
  if (flaky) {
    if (flaky[4] !== undefined) return { kind: 'flaky', failures: Number(flaky[4]), fault: { kind: 'drop' } };
    const code = statusOf(flaky[1] ?? '');
    return code ? { kind: 'flaky', failures: Number(flaky[2]), fault: statusFault(code, 'json', flaky[3]) } : null;
  }
  const delay = /^fault-delay-(\d+)$/.exec(articleId);
  if (delay) return { kind: 'delay', ms: Math.min(Number(delay[1]), MAX_DELAY_MS) };
  switch (articleId) {
    case 'fault-drop':
      return { kind: 'drop' };
    case 'fault-hang':
      return { kind: 'hang' };
    case 'fault-malformed':
      return { kind: 'malformed' };
    case 'fault-errors':
      return { kind: 'errors' };
    case 'fault-wrong-shape':
      return { kind: 'wrong-shape' };
    case 'fault-partial':
      return { kind: 'partial' };
    default:
      return replyFault(articleId);
  }
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Looks at every operation of a (possibly batched) body. The first operation
 * with a terminal fault decides the whole answer, as a rate limiter or a
 * failing gateway would for a whole batch; delays add up to the longest
 * one; partial and delay operations, and flaky ones past their failures, are
 * answered as the stand-in article; a refused operation, in its own place.
 * @param {unknown} body parsed JSON body
 * @param {FaultCounts} [counts] the provider's; this request counts once for each flaky id it carries
 * @returns {FaultPlan}
 */
export function planFaults(body, counts = new Map()) {
  /** @type {FaultPlan} */
  const plan = { terminal: null, delayMs: 0, partialIndexes: [], refusals: new Map(), body, rewritten: false };
  const operations = Array.isArray(body) ? body : [body];
  /** @type {Map<string, number>} the count of each flaky id in this request: a batch counts once */
  const counted = new Map();
  /** @param {string} articleId */
  const countOnce = (articleId) => {
    const count = counted.get(articleId) ?? (counts.get(articleId) ?? 0) + 1;
    counts.set(articleId, count);
    counted.set(articleId, count);
    return count;
  };
  /** @param {Record<string, unknown>} operation @param {Record<string, unknown>} variables */
  const asStandIn = (operation, variables) => {
    plan.rewritten = true;
    return { ...operation, variables: { ...variables, ...STAND_IN } };
  };
  const rewritten = operations.map((operation, index) => {
    if (!isObject(operation) || !isObject(operation.variables)) return operation;
    const articleId = operation.variables.articleId;
    const parsed = typeof articleId === 'string' ? parseFault(articleId) : null;
    if (!parsed) return operation;
    // A flaky fault past its failures answers as the stand-in, like a delay.
    const fault =
      parsed.kind === 'flaky'
        ? countOnce(/** @type {string} */ (articleId)) <= parsed.failures
          ? parsed.fault
          : { kind: /** @type {const} */ ('delay'), ms: 0 }
        : parsed;
    if (fault.kind === 'refused') {
      plan.refusals.set(index, fault.json);
      return operation;
    }
    if (fault.kind === 'delay' || fault.kind === 'partial') {
      if (fault.kind === 'delay') plan.delayMs = Math.max(plan.delayMs, fault.ms);
      else plan.partialIndexes.push(index);
      return asStandIn(operation, operation.variables);
    }
    plan.terminal ??= fault;
    return operation;
  });
  plan.body = Array.isArray(body) ? rewritten : rewritten[0];
  return plan;
}

/**
 * The HTTP answer of a terminal fault that does answer (not drop or hang).
 * @param {TerminalFault & { kind: 'status' | 'malformed' | 'errors' | 'wrong-shape' | 'reply' }} fault
 * @param {unknown} body the request body, to answer a batch with one result per operation
 * @returns {{ status: number, contentType: string, text: string, headers?: Record<string, string> }}
 */
export function faultAnswer(fault, body) {
  /** @param {unknown} result */
  const perOperation = (result) => JSON.stringify(Array.isArray(body) ? body.map(() => result) : result);
  const json = 'application/json; charset=utf-8';
  switch (fault.kind) {
    case 'status': {
      // The server lists it in Access-Control-Expose-Headers: a page on another origin reads it only then.
      const headers = fault.retryAfter === undefined ? undefined : { 'retry-after': String(fault.retryAfter) };
      return fault.format === 'json'
        ? {
            status: fault.status,
            contentType: json,
            text: JSON.stringify({ message: `Simulated status ${fault.status}` }),
            ...(headers ? { headers } : {}),
          }
        : {
            status: fault.status,
            contentType: 'text/html; charset=utf-8',
            text: `<!doctype html>\n<html><head><title>${fault.status}</title></head><body><h1>Simulated status ${fault.status}</h1></body></html>\n`,
            ...(headers ? { headers } : {}),
          };
    }
    case 'malformed':
      return { status: 200, contentType: json, text: '{"data": {"materials": [' };
    case 'errors':
      return { status: 200, contentType: json, text: perOperation({ errors: [INTERNAL_ERROR] }) };
    case 'wrong-shape':
      return { status: 200, contentType: json, text: perOperation({ data: { materials: { not: 'a list' } } }) };
    case 'reply':
      return { status: 200, contentType: json, text: perOperation(fault.json) };
  }
}

/** @param {FaultPlan} plan @returns {boolean} whether some operation's result is to be altered */
export const altersResults = (plan) => plan.partialIndexes.length > 0 || plan.refusals.size > 0;

/**
 * Alters the results of the operations the plan names: the partial-failure
 * error beside their data, or a refusal in their place.
 * @param {unknown} result parsed GraphQL answer (one result or a batch array)
 * @param {FaultPlan} plan
 */
export function alterResults(result, plan) {
  /** @param {unknown} one @param {number} index */
  const altered = (one, index) => {
    if (plan.refusals.has(index)) return plan.refusals.get(index);
    if (!plan.partialIndexes.includes(index) || !isObject(one)) return one;
    return { ...one, errors: [...(Array.isArray(one.errors) ? one.errors : []), PARTIAL_ERROR] };
  };
  return Array.isArray(result) ? result.map(altered) : altered(result, 0);
}
