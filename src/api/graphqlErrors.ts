import { isRefusalCode, type RefusalCode } from '../machine/refusals.js';
import { LookupError } from './errors.js';
import type { OperationResult } from './operation.js';
import { isObject } from './responseBody.js';
import { oneLine } from './wireFailures.js';

/** At most this many of an answer's messages are shown: a server may send one per field. */
const MAX_MESSAGES = 3;

/**
 * What an answer's GraphQL errors say went wrong, for an answer that yields
 * no link: a refusal (`unauthorized`) where an error carries a refusal code,
 * else the provider's words (`request-failed`); undefined where no error says
 * anything. Neither is worth another try: the same request gets the same answer.
 */
export function graphqlFailure(errors: OperationResult['errors']): LookupError | undefined {
  const read = readErrors(errors);
  const refusal = read.find((error) => error.code !== null);
  if (refusal?.code) {
    const { code, words } = refusal;
    // The explanation reads this sentence back (readRefusal): its shape is the refusals' own.
    return new LookupError(words ? `the provider refused: ${code}: ${words}` : `the provider refused: ${code}`, {
      reason: 'unauthorized',
    });
  }
  const messages = read.flatMap(({ words }) => (words ? [words] : [])).slice(0, MAX_MESSAGES);
  return messages.length > 0 ? new LookupError(`GraphQL error: ${messages.join('; ')}`) : undefined;
}

/**
 * The link `readLink` finds in an answer whose errors are `errors`, under the
 * error policy "ignore": a link read from the data is used, errors or not.
 * Where the data yields none, the errors say why: a refusal whenever no link
 * was read (a server that refuses may null the field, `materials: null`, or
 * all of `data`), the provider's words where the data could not be read.
 * Data that reads as "no file" beside other errors stays "no file".
 */
export function readDespiteErrors(errors: OperationResult['errors'], readLink: () => unknown): unknown {
  const failure = graphqlFailure(errors);
  if (!failure) return readLink();
  let link: unknown;
  try {
    link = readLink();
  } catch {
    throw failure;
  }
  if (link === null && failure.reason === 'unauthorized') throw failure;
  return link;
}

/** Each error that is an object, with its refusal code (if any) and its message on one bounded line. */
function readErrors(errors: OperationResult['errors']): { code: RefusalCode | null; words: string }[] {
  // The answer is untrusted JSON: an entry may be anything, whatever the type says.
  return ((errors ?? []) as readonly unknown[]).filter(isObject).map((error) => ({
    code: refusalCodeOf(error.extensions),
    words: typeof error.message === 'string' ? oneLine(error.message).trim() : '',
  }));
}

function refusalCodeOf(extensions: unknown): RefusalCode | null {
  const code = isObject(extensions) ? extensions.code : undefined;
  return typeof code === 'string' && isRefusalCode(code) ? code : null;
}
