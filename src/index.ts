/**
 * The library entry for bundler users. Importing it registers nothing:
 * call `defineMaterialDownload()`, or load dist/cm-material-download.js.
 */
export { defineMaterialDownload, getMaterialDownloadElement, DEFAULT_TAG_NAME } from './element/defineMaterialDownload';
export type { MaterialDownloadElementConstructor } from './element/createElementClass';
export { MaterialDownload } from './element/MaterialDownload';
export type { MaterialDownloadProps } from './element/MaterialDownload';
export { setInspector } from './element/inspection';
export type { MaterialDownloadInspector } from './element/inspection';
export { LINK_CHANGE_EVENT } from './element/dom';
export type { LinkChangeDetail } from './element/dom';
export type {
  HTMLMaterialDownloadElement,
  HTMLMaterialDownloadElement as MaterialDownloadElement,
  LinkChangeEvent,
  MaterialDownloadAttributes,
  MaterialDownloadEventMap,
  MaterialDownloadJsxProps,
} from './element/globalTypes';
export { configureElements as configure } from './element/configureElements';
export type { ElementConfigureOptions } from './element/configureElements';
export { getConfig } from './api/config';
export type { BatchOptions, ConfigureOptions, MaterialDownloadConfig } from './api/config';
export * from './machine';
