import type { LinkKind } from '../machine/types.js';
import { MESSAGES } from '../machine/validateInputs.js';
import { LookupError } from './errors.js';

/**
 * Turn a provider answer into the raw download URL, or null where the
 * provider has none. The answer is untrusted JSON: every step checks its shape.
 */
export function readDownloadUrl(kind: LinkKind, data: unknown): unknown {
  const material = firstMaterial(data);
  if (material === undefined) return null;
  switch (kind) {
    case 'thumbnail':
      return readThumbnail(material);
    case 'tile':
      return readTile(material);
    case 'pbr':
      return readPbr(material);
    default:
      throw new LookupError(MESSAGES.unrecognizedType);
  }
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function listAt(parent: Json, key: string, where: string): unknown[] {
  const value = parent[key];
  if (!Array.isArray(value)) throw new LookupError(`unexpected response: ${where}.${key} is not a list`);
  return value;
}

/** Only the first material is read: an article id names one material. */
function firstMaterial(data: unknown): Json | undefined {
  if (!isObject(data)) throw new LookupError('unexpected response: no data');
  const [material] = listAt(data, 'materials', 'data');
  if (material === undefined) return undefined;
  if (!isObject(material)) throw new LookupError('unexpected response: a material is not an object');
  return material;
}

function assignments(material: Json, key: string): Json[] {
  return listAt(material, key, 'material').filter(isObject);
}

function thumbnailUrl(assignment: Json | undefined): unknown {
  const dataObject = assignment?.dataObject;
  if (!isObject(dataObject)) return null;
  const thumbnail = dataObject.thumbnail;
  return isObject(thumbnail) ? (thumbnail.downloadUrl ?? null) : null;
}

function readThumbnail(material: Json): unknown {
  return thumbnailUrl(assignments(material, 'dataObjectAssignments')[0]);
}

/** Tileable renders can be videos; the first image is the tile. */
function readTile(material: Json): unknown {
  const image = assignments(material, 'dataObjectAssignments').find((assignment) => {
    const dataObject = assignment.dataObject;
    return (
      isObject(dataObject) && typeof dataObject.mediaType === 'string' && dataObject.mediaType.startsWith('image/')
    );
  });
  return thumbnailUrl(image);
}

/** The query already filters; checking again keeps a lax server from handing out a draft. */
function readPbr(material: Json): unknown {
  const done = assignments(material, 'jsonFileAssignments').find(
    (assignment) => assignment.state === 'DONE' && assignment.default === true,
  );
  const jsonFile = done?.jsonFile;
  const output = isObject(jsonFile) ? jsonFile.outputDataObject : null;
  return isObject(output) ? (output.downloadUrl ?? null) : null;
}
