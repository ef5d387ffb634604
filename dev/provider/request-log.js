// @ts-check

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */

/**
 * @typedef {{ operationName: string | null, variables: Record<string, unknown>, query: string }} RecordedOperation
 * @typedef {object} RecordedRequest
 * @property {number} at epoch milliseconds when the body had arrived
 * @property {Record<string, string>} headers lower-case names
 * @property {string | null} origin the Origin header
 * @property {unknown} body parsed JSON, or the raw text when it does not parse
 * @property {RecordedOperation[]} operations one per operation of a batch
 */

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** @param {unknown} operation @returns {RecordedOperation} */
function toOperation(operation) {
  const o = isObject(operation) ? operation : {};
  return {
    operationName: typeof o.operationName === 'string' ? o.operationName : null,
    variables: isObject(o.variables) ? o.variables : {},
    query: typeof o.query === 'string' ? o.query : '',
  };
}

/**
 * @param {IncomingMessage} req
 * @param {unknown} body parsed body, or the raw text
 * @param {boolean} parsed whether body is parsed JSON
 * @returns {RecordedRequest}
 */
export function recordRequest(req, body, parsed) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return {
    at: Date.now(),
    headers,
    origin: headers.origin ?? null,
    body,
    operations: parsed ? (Array.isArray(body) ? body : [body]).map(toOperation) : [],
  };
}
