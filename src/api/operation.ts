import type { LinkRequest } from '../machine/inputs.js';

/** The two operations, written against `provider-schema.graphql` (a test validates them); every value is a variable. */
export const GET_MATERIAL_DOWNLOAD_LINK = 'GetMaterialDownloadLink';
export const GET_PBR_MATERIAL_DOWNLOAD_LINK = 'GetPbrMaterialDownloadLink';

export type OperationName = typeof GET_MATERIAL_DOWNLOAD_LINK | typeof GET_PBR_MATERIAL_DOWNLOAD_LINK;

const FILE = '$resolution:DownloadResolution,$fileType:DownloadFileType';
const FILE_ARGUMENTS = '(resolution:$resolution,fileType:$fileType)';

const query = (name: OperationName, variables: string, fields: string) =>
  `query ${name}($articleId:String!,$organizationId:ID!,${variables}${FILE}){materials(where:{articleId:{eq:$articleId},organizationId:{eq:$organizationId}}){${fields}}}`;

export const getMaterialDownloadLinkQuery = query(
  GET_MATERIAL_DOWNLOAD_LINK,
  '$assignmentType:DataObjectAssignmentType!,',
  `dataObjectAssignments(where:{assignmentType:{eq:$assignmentType}}){dataObject{mediaType thumbnail${FILE_ARGUMENTS}{downloadUrl}}}`,
);

export const getPbrMaterialDownloadLinkQuery = query(
  GET_PBR_MATERIAL_DOWNLOAD_LINK,
  '',
  `jsonFileAssignments(where:{state:{eq:DONE},default:{eq:true}}){state default jsonFile{outputDataObject{downloadUrl${FILE_ARGUMENTS}}}}`,
);

export interface Operation {
  operationName: OperationName;
  query: string;
  variables: Record<string, unknown>;
}

export interface OperationResult {
  data?: unknown;
  errors?: readonly { message?: string; extensions?: { code?: unknown } }[];
}

/** Lets the provider tell our traffic apart from its other clients. */
export const CLIENT_NAME_HEADERS = { 'apollographql-client-name': 'web-components' } as const;

/** Inputs a request leaves out (`resolution="none"`) are undefined, and JSON leaves them out of the body. */
export function toOperation(request: LinkRequest): Operation {
  const { organizationId, articleId, resolution, fileType } = request;
  const variables = { articleId, organizationId, resolution, fileType };
  if (request.kind === 'pbr') {
    return { operationName: GET_PBR_MATERIAL_DOWNLOAD_LINK, query: getPbrMaterialDownloadLinkQuery, variables };
  }
  return {
    operationName: GET_MATERIAL_DOWNLOAD_LINK,
    query: getMaterialDownloadLinkQuery,
    variables: { ...variables, assignmentType: request.assignmentType },
  };
}
