/**
 * The two operations, written against `provider-schema.graphql` (a test
 * validates them). Every value travels as a variable, never in the text.
 */

export const GET_MATERIAL_DOWNLOAD_LINK = 'GetMaterialDownloadLink';
export const GET_PBR_MATERIAL_DOWNLOAD_LINK = 'GetPbrMaterialDownloadLink';

export type OperationName = typeof GET_MATERIAL_DOWNLOAD_LINK | typeof GET_PBR_MATERIAL_DOWNLOAD_LINK;

export const getMaterialDownloadLinkQuery = /* GraphQL */ `
  query GetMaterialDownloadLink(
    $articleId: String!
    $organizationId: ID!
    $assignmentType: DataObjectAssignmentType!
    $resolution: DownloadResolution
    $fileType: DownloadFileType
  ) {
    materials(where: { articleId: { eq: $articleId }, organizationId: { eq: $organizationId } }) {
      dataObjectAssignments(where: { assignmentType: { eq: $assignmentType } }) {
        dataObject {
          mediaType
          thumbnail(resolution: $resolution, fileType: $fileType) {
            downloadUrl
          }
        }
      }
    }
  }
`;

export const getPbrMaterialDownloadLinkQuery = /* GraphQL */ `
  query GetPbrMaterialDownloadLink(
    $articleId: String!
    $organizationId: ID!
    $resolution: DownloadResolution
    $fileType: DownloadFileType
  ) {
    materials(where: { articleId: { eq: $articleId }, organizationId: { eq: $organizationId } }) {
      jsonFileAssignments(where: { state: { eq: DONE }, default: { eq: true } }) {
        state
        default
        jsonFile {
          outputDataObject {
            downloadUrl(resolution: $resolution, fileType: $fileType)
          }
        }
      }
    }
  }
`;
