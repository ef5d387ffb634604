/**
 * The two operations, written against `provider-schema.graphql` (a test
 * validates them). Every value travels as a variable, never in the text.
 * They share their variables and their materials, so those are written once;
 * the text goes over the wire without the indentation nobody reads there.
 */

export const GET_MATERIAL_DOWNLOAD_LINK = 'GetMaterialDownloadLink';
export const GET_PBR_MATERIAL_DOWNLOAD_LINK = 'GetPbrMaterialDownloadLink';

export type OperationName = typeof GET_MATERIAL_DOWNLOAD_LINK | typeof GET_PBR_MATERIAL_DOWNLOAD_LINK;

const FILE = '$resolution:DownloadResolution,$fileType:DownloadFileType';
const FILE_ARGUMENTS = '(resolution:$resolution,fileType:$fileType)';

/** One article's material: `variables` are the operation's own beside those every lookup has, `fields` what it reads. */
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
