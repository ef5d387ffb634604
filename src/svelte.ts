/**
 * The tag in Svelte 5 templates, typed for `svelte-check`. Types only, and opt-in: augmenting without Svelte fails.
 * @example `import type {} from 'cm-material-download/svelte'; // in src/app.d.ts (SvelteKit)`
 * @packageDocumentation
 */

import type { HTMLAttributes } from 'svelte/elements';
import type {
  HTMLMaterialDownloadElement,
  LinkChangeEvent,
  MaterialDownloadAttributes,
} from './element/globalTypes.js';

/**
 * The tag's attributes in a Svelte template; Svelte 5 takes `oncm-link-change` as a listener of `cm-link-change`.
 * @example `const attributes: MaterialDownloadSvelteAttributes = { 'article-id': 'A-100', 'oncm-link-change': log };`
 */
export type MaterialDownloadSvelteAttributes = HTMLAttributes<HTMLMaterialDownloadElement> &
  MaterialDownloadAttributes & {
    'oncm-link-change'?: (event: LinkChangeEvent & { currentTarget: HTMLMaterialDownloadElement }) => unknown;
  };

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'cm-material-download': MaterialDownloadSvelteAttributes;
  }
}
