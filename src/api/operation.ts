/** The two operations, and how an answer to them becomes a safe link, or the failure its GraphQL errors say. */
import { MESSAGES, type LinkKind, type LinkRequest } from '../machine/inputs.js';
import { isRefusalCode } from '../machine/materialDownload.types.js';
import {
  invalidResponse,
  isObject,
  LookupError,
  oneLine,
  tried,
  type Operation,
  type OperationResult,
} from './wire.js';

const FILE = '$resolution:DownloadResolution,$fileType:DownloadFileType';
const FILE_ARGUMENTS = '(resolution:$resolution,fileType:$fileType)';

/** Written against `provider-schema.graphql` (a test validates them); every value is a variable. */
const query = (name: string, variables: string, fields: string) =>
  `query ${name}($articleId:String!,$organizationId:ID!,${variables}${FILE}){materials(where:{articleId:{eq:$articleId},organizationId:{eq:$organizationId}}){${fields}}}`;

export const getMaterialDownloadLinkQuery = query(
  'GetMaterialDownloadLink',
  '$assignmentType:DataObjectAssignmentType!,',
  `dataObjectAssignments(where:{assignmentType:{eq:$assignmentType}}){dataObject{mediaType thumbnail${FILE_ARGUMENTS}{downloadUrl}}}`,
);

export const getPbrMaterialDownloadLinkQuery = query(
  'GetPbrMaterialDownloadLink',
  '',
  `jsonFileAssignments(where:{state:{eq:DONE},default:{eq:true}}){state default jsonFile{outputDataObject{downloadUrl${FILE_ARGUMENTS}}}}`,
);

/** The element's two operations by name: all the link proxy forwards. */
export const QUERIES = {
  GetMaterialDownloadLink: getMaterialDownloadLinkQuery,
  GetPbrMaterialDownloadLink: getPbrMaterialDownloadLinkQuery,
};

/** Inputs left out (`resolution="none"`) are undefined, so JSON leaves them out of the body. */
export function toOperation(request: LinkRequest): Operation {
  const { organizationId, articleId, resolution, fileType } = request;
  const assignment = request.kind !== 'pbr' && { assignmentType: request.assignmentType };
  const operationName = assignment ? 'GetMaterialDownloadLink' : 'GetPbrMaterialDownloadLink';
  const variables = { articleId, organizationId, resolution, fileType, ...assignment };
  return { operationName, query: QUERIES[operationName], variables };
}

/** Undefined where a step is missing: an answer is untrusted JSON. */
const at = (node: unknown, ...path: string[]): unknown =>
  path.reduce((parent, key) => (isObject(parent) ? parent[key] : undefined), node);

const unexpected = (what: string) => new LookupError(`unexpected response: ${what}`);

function listAt(parent: Record<string, unknown>, key: string, where = 'material'): unknown[] {
  if (!Array.isArray(parent[key])) throw unexpected(`${where}.${key} is not a list`);
  return parent[key];
}

/** Null where the provider has no URL; an article id names one material. */
export function readDownloadUrl(kind: LinkKind, data: unknown): unknown {
  if (!isObject(data)) throw unexpected('no data');
  const [material] = listAt(data, 'materials', 'data');
  if (material === undefined) return null;
  if (!isObject(material)) throw unexpected('a material is not an object');
  if (kind === 'pbr') {
    // The query already filters; checking again keeps a lax server from handing out a draft.
    const assignments = listAt(material, 'jsonFileAssignments');
    const done = assignments.find((each) => at(each, 'state') === 'DONE' && at(each, 'default') === true);
    return at(done, 'jsonFile', 'outputDataObject', 'downloadUrl') ?? null;
  }
  if (kind !== 'thumbnail' && kind !== 'tile') throw new LookupError(MESSAGES.unrecognizedType);
  const renders = listAt(material, 'dataObjectAssignments').filter(isObject);
  // Tileable renders can be videos; the first image is the tile.
  const isImage = (type: unknown) => typeof type === 'string' && type.startsWith('image/');
  const render =
    kind === 'thumbnail' ? renders[0] : renders.find((each) => isImage(at(each, 'dataObject', 'mediaType')));
  return at(render, 'dataObject', 'thumbnail', 'downloadUrl') ?? null;
}

/** A refusal where an error carries a refusal code, else the provider's words; not transient: asked again, the same. */
export function graphqlFailure(errors: OperationResult['errors']): LookupError | undefined {
  const messages: string[] = [];
  for (const error of errors ?? []) {
    const code = at(error, 'extensions', 'code');
    const message = at(error, 'message');
    const words = typeof message === 'string' ? oneLine(message).trim() : '';
    if (typeof code === 'string' && isRefusalCode(code)) {
      // The inspector reads this sentence back (explainReason).
      return new LookupError(`the provider refused: ${code}${words ? `: ${words}` : ''}`, { reason: 'unauthorized' });
    }
    if (words) messages.push(words);
  }
  // Three at most: a server may send one message per field.
  return messages[0] ? new LookupError(`GraphQL error: ${messages.slice(0, 3).join('; ')}`) : undefined;
}

/** Error policy "ignore": a link in the data wins; else a refusal says why, other errors only where data is unreadable. */
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

/** Only an absolute http(s) URL, as a browser serializes it (a space becomes `%20`). */
export function toSafeHref(url: unknown): string {
  const refuse = (why: string, shown = '') =>
    new LookupError(`refused download URL${shown}: ${why}`, { reason: 'unsafe-link' });
  if (typeof url !== 'string') throw refuse(`expected a string, got ${typeof url}`);
  // Quoted as JSON, so a control character from the service stays on one line.
  const shown = ` ${JSON.stringify(url.length > 80 ? `${url.slice(0, 80)}…` : url)}`;
  if (url.length > 8192) throw refuse('longer than 8192 characters', shown);
  // No real link carries a control character or ends in a space, and browsers silently drop some.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (!/^https?:\/\/[^\s/]/i.test(url) || url !== url.trim() || /[\u0000-\u001f\u007f]/.test(url)) {
    throw refuse('only absolute http and https URLs are used', shown);
  }
  const href = tried(() => new URL(url).href);
  if (href === undefined) throw refuse('not a valid URL', shown);
  return href;
}
