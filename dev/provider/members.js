// @ts-check
// Articles only a signed-in caller may see (the seed's `membersOnly`), guarded
// as the real provider guards them: refused inside GraphQL to a caller without
// credentials, and linked to whoever asked, so that a test can tell one
// visitor's links from another's.
import { createHash } from 'node:crypto';
import { refusal } from './faults.js';
import { findMaterial } from './seed.js';

/** @typedef {import('./faults.js').FaultPlan} FaultPlan */
/** @typedef {import('node:http').IncomingHttpHeaders} IncomingHttpHeaders */

/** The query parameter of a members-only link that names who asked for it. */
export const VISITOR_PARAM = 'visitor';

/** HotChocolate's `[Authorize]` on `materials`, to a caller without credentials. */
export const NOT_SIGNED_IN = {
  errors: [refusal('AUTH_NOT_AUTHENTICATED', 'The current user is not authenticated.')],
  data: { materials: null },
};

/**
 * Who asked, as the element sends its credential (`api-key` first, else
 * `authorization`): a short hash, so that a link never carries the credential itself.
 * @param {IncomingHttpHeaders} headers
 * @returns {string | null}
 */
export function visitorOf(headers) {
  const credential = headers['api-key'] || headers.authorization;
  if (!credential) return null;
  return createHash('sha256')
    .update(Array.isArray(credential) ? credential.join(', ') : credential)
    .digest('hex')
    .slice(0, 12);
}

/**
 * Refuses, in its own place, each operation of a caller without credentials
 * that asks for a members-only material; the other operations of a batch are
 * answered as usual.
 * @param {FaultPlan} plan
 */
export function refuseStrangers(plan) {
  const operations = Array.isArray(plan.body) ? plan.body : [plan.body];
  operations.forEach((operation, index) => {
    const variables = operation?.variables;
    if (typeof variables?.organizationId !== 'string' || typeof variables.articleId !== 'string') return;
    if (findMaterial(variables.organizationId, variables.articleId)?.membersOnly) {
      plan.refusals.set(index, NOT_SIGNED_IN);
    }
  });
}
