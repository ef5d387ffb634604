/** From an answer to a safe link, or to what its GraphQL errors say where it yields none. */
import { isRefusalCode } from '../machine/reasons.js';
import { MESSAGES, type LinkKind } from '../machine/inputs.js';
import type { OperationResult } from './operation.js';
import { invalidResponse, isObject, LookupError, oneLine, tried } from './wire.js';

type Json = Record<string, unknown>;

/** Null where the provider has no URL; an article id names one material. */
export function readDownloadUrl(kind: LinkKind, data: unknown): unknown {
  if (!isObject(data)) throw unexpected('no data');
  const [material] = listAt(data, 'materials', 'data');
  if (material === undefined) return null;
  if (!isObject(material)) throw unexpected('a material is not an object');
  if (kind === 'pbr') {
    // The query already filters; checking again keeps a lax server from handing out a draft.
    const done = assignments(material, 'jsonFileAssignments').find(
      (assignment) => assignment.state === 'DONE' && assignment.default === true,
    );
    return downloadUrlAt(done, 'jsonFile', 'outputDataObject');
  }
  if (kind !== 'thumbnail' && kind !== 'tile') throw new LookupError(MESSAGES.unrecognizedType);
  const renders = assignments(material, 'dataObjectAssignments');
  // Tileable renders can be videos; the first image is the tile.
  const render =
    kind === 'thumbnail'
      ? renders[0]
      : renders.find(({ dataObject }) => {
          const mediaType = isObject(dataObject) ? dataObject.mediaType : undefined;
          return typeof mediaType === 'string' && mediaType.startsWith('image/');
        });
  return downloadUrlAt(render, 'dataObject', 'thumbnail');
}

function listAt(parent: Json, key: string, where = 'material'): unknown[] {
  const value = parent[key];
  if (!Array.isArray(value)) throw unexpected(`${where}.${key} is not a list`);
  return value;
}

const unexpected = (what: string) => new LookupError(`unexpected response: ${what}`);

const assignments = (material: Json, key: string) => listAt(material, key).filter(isObject);

/** Null where a step of `path` is missing. */
function downloadUrlAt(node: unknown, ...path: string[]): unknown {
  for (const key of path) node = isObject(node) ? node[key] : undefined;
  return isObject(node) ? (node.downloadUrl ?? null) : null;
}

/** A server may send one message per field. */
const MAX_MESSAGES = 3;

/** A refusal where an error carries a refusal code, else the provider's words; not transient: asked again, the same. */
export function graphqlFailure(errors: OperationResult['errors']): LookupError | undefined {
  const messages: string[] = [];
  // Untrusted JSON: an entry may be anything, whatever the type says.
  for (const error of (errors ?? []) as readonly unknown[]) {
    if (!isObject(error)) continue;
    const { extensions, message } = error;
    const code = isObject(extensions) ? extensions.code : undefined;
    const words = typeof message === 'string' ? oneLine(message).trim() : '';
    if (typeof code === 'string' && isRefusalCode(code)) {
      // The explanation reads this sentence back (readRefusal): its shape is the refusals' own.
      return new LookupError(`the provider refused: ${code}${words ? `: ${words}` : ''}`, { reason: 'unauthorized' });
    }
    if (words) messages.push(words);
  }
  return messages.length > 0
    ? new LookupError(`GraphQL error: ${messages.slice(0, MAX_MESSAGES).join('; ')}`)
    : undefined;
}

/**
 * Error policy "ignore": a link in the data is used, errors or not. Without one, a refusal says why (a refusing server
 * may null `materials` or `data`); other errors only where the data could not be read: "no file" stays "no file".
 */
export function readLink(kind: LinkKind, { data, errors }: OperationResult): string | null {
  const failure = graphqlFailure(errors);
  let url: unknown;
  try {
    if (data == null) throw invalidResponse('no data');
    url = readDownloadUrl(kind, data);
  } catch (error) {
    throw failure ?? error;
  }
  if (url !== null) return toSafeHref(url);
  if (failure?.reason === 'unauthorized') throw failure;
  return null;
}

/** No real download link comes near it. */
export const MAX_HREF_LENGTH = 8192;

/** Only an absolute http(s) URL, as a browser serializes it (a space becomes `%20`). */
export function toSafeHref(url: unknown): string {
  const refuse = (why: string, shown = '') =>
    new LookupError(`refused download URL${shown}: ${why}`, { reason: 'unsafe-link' });
  if (typeof url !== 'string') throw refuse(`expected a string, got ${typeof url}`);
  // Quoted as JSON, so a control character from the service stays on one line.
  const shown = ` ${JSON.stringify(url.length > 80 ? `${url.slice(0, 80)}…` : url)}`;
  if (url.length > MAX_HREF_LENGTH) throw refuse(`longer than ${MAX_HREF_LENGTH} characters`, shown);
  // No real link carries a control character, and browsers silently drop some.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (!/^https?:\/\/[^\s/]/i.test(url) || url !== url.trim() || /[\u0000-\u001f\u007f]/.test(url)) {
    throw refuse('only absolute http and https URLs are used', shown);
  }
  const href = tried(() => new URL(url).href);
  if (href === undefined) throw refuse('not a valid URL', shown);
  return href;
}
