// @ts-check
// Fault injection for tests: an article id names what goes wrong. Decided on
// the raw request body before GraphQL runs, because most faults are about the
// transport (status, broken JSON, dropped or hanging sockets), which GraphQL
// itself could never produce.

/**
 * A fault that replaces the whole HTTP answer.
 * @typedef {{ kind: 'status', status: number, format: 'json' | 'html' }
 *   | { kind: 'drop' } | { kind: 'hang' } | { kind: 'malformed' }
 *   | { kind: 'errors' } | { kind: 'wrong-shape' }
 *   | { kind: 'reply', json: unknown }} TerminalFault
 *
 * @typedef {object} FaultPlan
 * @property {TerminalFault | null} terminal
 * @property {number} delayMs wait before answering
 * @property {number[]} partialIndexes operations whose result gets an extra error
 * @property {unknown} body the body to run, with aliased article ids replaced
 */

/** Ids documented for test authors; the patterns below accept any code or delay. */
export const FAULT_IDS = [
  'fault-status-<code>-json',
  'fault-status-<code>-html',
  'fault-drop',
  'fault-malformed',
  'fault-errors',
  'fault-partial',
  'fault-hang',
  'fault-wrong-shape',
  'fault-delay-<ms>',
  // and each id of REPLY_FAULTS below
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
 * @param {string} articleId
 * @returns {TerminalFault | { kind: 'delay', ms: number } | { kind: 'partial' } | null}
 */
function parseFault(articleId) {
  const status = /^fault-status-(\d{3})-(json|html)$/.exec(articleId);
  if (status) {
    const code = Number(status[1]);
    return code >= 200 && code <= 599
      ? { kind: 'status', status: code, format: /** @type {'json' | 'html'} */ (status[2]) }
      : null;
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
      return Object.prototype.hasOwnProperty.call(REPLY_FAULTS, articleId)
        ? { kind: 'reply', json: REPLY_FAULTS[articleId] }
        : null;
  }
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Looks at every operation of a (possibly batched) body. The first operation
 * with a terminal fault decides the whole answer; delays add up to the longest
 * one; partial and delay operations are answered as the stand-in article.
 * @param {unknown} body parsed JSON body
 * @returns {FaultPlan}
 */
export function planFaults(body) {
  /** @type {FaultPlan} */
  const plan = { terminal: null, delayMs: 0, partialIndexes: [], body };
  const operations = Array.isArray(body) ? body : [body];
  const rewritten = operations.map((operation, index) => {
    if (!isObject(operation) || !isObject(operation.variables)) return operation;
    const articleId = operation.variables.articleId;
    const fault = typeof articleId === 'string' ? parseFault(articleId) : null;
    if (!fault) return operation;
    if (fault.kind === 'delay' || fault.kind === 'partial') {
      if (fault.kind === 'delay') plan.delayMs = Math.max(plan.delayMs, fault.ms);
      else plan.partialIndexes.push(index);
      return { ...operation, variables: { ...operation.variables, ...STAND_IN } };
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
 * @returns {{ status: number, contentType: string, text: string }}
 */
export function faultAnswer(fault, body) {
  /** @param {unknown} result */
  const perOperation = (result) => JSON.stringify(Array.isArray(body) ? body.map(() => result) : result);
  const json = 'application/json; charset=utf-8';
  switch (fault.kind) {
    case 'status':
      return fault.format === 'json'
        ? {
            status: fault.status,
            contentType: json,
            text: JSON.stringify({ message: `Simulated status ${fault.status}` }),
          }
        : {
            status: fault.status,
            contentType: 'text/html; charset=utf-8',
            text: `<!doctype html>\n<html><head><title>${fault.status}</title></head><body><h1>Simulated status ${fault.status}</h1></body></html>\n`,
          };
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

/**
 * Adds the partial-failure error beside the data of the given operations.
 * @param {unknown} result parsed GraphQL answer (one result or a batch array)
 * @param {number[]} indexes
 */
export function addPartialErrors(result, indexes) {
  /** @param {unknown} one */
  const withError = (one) =>
    isObject(one) ? { ...one, errors: [...(Array.isArray(one.errors) ? one.errors : []), PARTIAL_ERROR] } : one;
  if (Array.isArray(result)) return result.map((one, i) => (indexes.includes(i) ? withError(one) : one));
  return withError(result);
}
