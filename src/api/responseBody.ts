import { LookupError } from './errors.js';
import type { OperationResult } from './operation.js';

/**
 * The media types GraphQL over HTTP answers in. A body of any other type is
 * a page, not an answer (a web app's fallback HTML at `/graphql`), even
 * where it happens to parse.
 */
const GRAPHQL_MEDIA_TYPE = /\bapplication\/(?:graphql-response\+)?json\b/i;

/** The JSON of an answer; a LookupError where the answer is not JSON. */
export function readJsonBody(contentType: string | null, text: string): unknown {
  const value = GRAPHQL_MEDIA_TYPE.test(contentType ?? '') ? parseJson(text) : undefined;
  if (value === undefined) throw new LookupError('invalid response: not JSON');
  return value;
}

/** The value `text` holds, or undefined where it is not JSON (no JSON text parses to undefined). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * One operation's answer: an object whose `errors`, where present, is a list
 * and whose `data` is an object or null. Only the shape the lookup relies on
 * is checked here; the readers check the data.
 */
export function readOperationResult(value: unknown): OperationResult {
  if (!isObject(value)) throw new LookupError('invalid response: not a GraphQL result');
  const { data, errors } = value;
  if (errors !== undefined && !Array.isArray(errors)) throw new LookupError('invalid response: errors is not a list');
  if (data !== undefined && data !== null && !isObject(data)) {
    throw new LookupError('invalid response: data is not an object');
  }
  return { data, errors };
}

/** A JSON object: not null, not a list. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
