/**
 * The entry for React apps: everything the library entry exports, the React
 * component, and the tag's React 19 JSX typings (importing anything from here
 * lets JSX check `<cm-material-download>`'s attributes). Kept apart because
 * those typings need React's: an app without `@types/react` imports
 * `cm-material-download` and never sees them. The build marks the file
 * `'use client'` for React Server Components (a bundler drops a directive
 * from a module it merges).
 *
 * @packageDocumentation
 */

export * from './index.js';
export { MaterialDownload } from './react/MaterialDownload.js';
export type { MaterialDownloadProps } from './react/MaterialDownload.js';
export type { MaterialDownloadJsxProps } from './react/reactJsx.js';
