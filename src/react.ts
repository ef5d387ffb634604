/**
 * The entry for React apps: the library entry, the component and the tag's JSX typings, apart because those
 * need `@types/react`. The build marks it `'use client'` (a bundler drops a directive from a module it merges).
 * @packageDocumentation
 */

export * from './index.js';
export { MaterialDownload, type MaterialDownloadProps } from './react/MaterialDownload.js';
export type { MaterialDownloadJsxProps } from './react/reactJsx.js';
