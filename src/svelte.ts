/**
 * The tag in Svelte 5 templates: its attributes and `oncm-link-change`,
 * typed for `svelte-check`. Types only, and opt-in, as the React typings
 * are: augmenting `svelte/elements` where Svelte is not installed is an
 * error, so only an app that imports this entry sees it. Nothing of it
 * reaches a bundle: the element itself comes from a self-registering file.
 *
 * @example
 * ```ts
 * // src/app.d.ts of a SvelteKit app
 * import type {} from 'cm-material-download/svelte';
 * ```
 *
 * @packageDocumentation
 */

import type { HTMLAttributes } from 'svelte/elements';
import type {
  HTMLMaterialDownloadElement,
  LinkChangeEvent,
  MaterialDownloadAttributes,
} from './element/globalTypes.js';

/**
 * The tag's attributes in a Svelte template: Svelte's own for any element, the inputs by their
 * kebab-case names, and the event. Svelte 5 takes an `on…` attribute as a listener for the event
 * named after `on`, so `oncm-link-change` listens for `cm-link-change`.
 *
 * @example
 * ```ts
 * const attributes: MaterialDownloadSvelteAttributes = {
 *   'organization-id': 'org-1',
 *   'article-id': 'A-100',
 *   type: 'pbr',
 *   'oncm-link-change': (event) => console.log(event.detail.href),
 * };
 * ```
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
