// @ts-check
import { readFileSync } from 'node:fs';
import { createSchema } from 'graphql-yoga';
import { materials as seedMaterials } from './seed.js';
import { downloadUrl, thumbnailUrl } from './urls.js';

/** @typedef {import('./seed.js').SeedMaterial} SeedMaterial */
/** @typedef {import('./seed.js').SeedDataObject} SeedDataObject */
/** @typedef {import('./urls.js').ExportArgs} ExportArgs */
/** @typedef {{ files: import('./urls.js').FileLinks }} ProviderContext */
/** A data object as resolved: URLs need to know whose files it belongs to. */
/** @typedef {{ material: SeedMaterial, record: SeedDataObject }} ResolvedDataObject */
/** @typedef {{ eq?: unknown } | null | undefined} EqFilter */

// The element's queries are validated against this file, so the server reads
// the very same one rather than a copy of its own.
const SCHEMA_URL = new URL('../../src/api/provider-schema.graphql', import.meta.url);

/**
 * `{ eq: value }` semantics of the hosted (Hot Chocolate style) service: a
 * missing `eq` does not filter, an explicit `eq: null` only matches null, so a
 * client that sends null instead of leaving a variable out finds nothing.
 * @param {EqFilter} filter
 * @param {unknown} value
 */
function matches(filter, value) {
  if (filter == null || filter.eq === undefined) return true;
  return filter.eq === value;
}

/**
 * @param {SeedMaterial} material
 * @param {SeedDataObject} record
 * @returns {ResolvedDataObject}
 */
const resolved = (material, record) => ({ material, record });

/** @param {SeedMaterial[]} catalogue */
function createResolvers(catalogue) {
  return {
    Query: {
      /** @param {unknown} _ @param {{ where?: { articleId?: EqFilter, organizationId?: EqFilter } | null }} args */
      materials: (_, { where }) =>
        catalogue.filter(
          (m) => matches(where?.articleId, m.articleId) && matches(where?.organizationId, m.organizationId),
        ),
    },
    Material: {
      /** @param {SeedMaterial} material @param {{ where?: { assignmentType?: EqFilter } | null }} args */
      dataObjectAssignments: (material, { where }) =>
        material.dataObjectAssignments
          .filter((a) => matches(where?.assignmentType, a.assignmentType))
          .map((a) => ({ assignmentType: a.assignmentType, dataObject: resolved(material, a.dataObject) })),
      /** @param {SeedMaterial} material @param {{ where?: { state?: EqFilter, default?: EqFilter } | null }} args */
      jsonFileAssignments: (material, { where }) =>
        material.jsonFileAssignments
          .filter((j) => matches(where?.state, j.state) && matches(where?.default, j.default))
          .map((j) => ({
            state: j.state,
            default: j.default,
            jsonFile: {
              id: j.jsonFile.id,
              outputDataObject: j.jsonFile.outputDataObject && resolved(material, j.jsonFile.outputDataObject),
            },
          })),
    },
    DataObject: {
      /** @param {ResolvedDataObject} parent */
      id: (parent) => parent.record.id,
      /** @param {ResolvedDataObject} parent */
      mediaType: (parent) => parent.record.mediaType,
      /** @param {ResolvedDataObject} parent @param {ExportArgs} args @param {ProviderContext} context */
      downloadUrl: (parent, args, context) => downloadUrl(context.files, parent.material, parent.record, args),
      /** @param {ResolvedDataObject} parent @param {ExportArgs} args @param {ProviderContext} context */
      thumbnail: (parent, args, context) =>
        parent.record.noThumbnail
          ? null
          : { downloadUrl: thumbnailUrl(context.files, parent.material, parent.record, args) },
    },
  };
}

/**
 * @param {SeedMaterial[]} [catalogue]
 */
export function createProviderSchema(catalogue = seedMaterials) {
  return createSchema({
    typeDefs: readFileSync(SCHEMA_URL, 'utf8'),
    resolvers: createResolvers(catalogue),
  });
}
