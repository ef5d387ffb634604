/**
 * The tag in Vue 3 templates: its attributes and `@cm-link-change`, typed for
 * `vue-tsc`. Types only, and opt-in, as the Svelte typings are: augmenting
 * `vue` where Vue is not installed is an error, so only an app that imports
 * this entry sees it. Nothing of it reaches a bundle: the element itself comes
 * from `defineMaterialDownload()` or a self-registering file.
 *
 * @example
 * ```ts
 * // src/main.ts of a Vite + Vue app
 * import type {} from 'cm-material-download/vue';
 * ```
 *
 * @packageDocumentation
 */

import type { DefineComponent } from 'vue';
import type { LinkChangeEvent, MaterialDownloadAttributes } from './element/globalTypes.js';
import type { MaterialDownloadProperties } from './machine/attributes.js';

/**
 * The tag's props in a Vue template. `vue-tsc` checks a tag it finds in `GlobalComponents` as a
 * component: it camelizes the attributes written in kebab-case (`article-id` is `articleId`), and
 * `@cm-link-change` is the `onCmLinkChange` prop. So the inputs come by their property names.
 *
 * @example
 * ```ts
 * const props: MaterialDownloadVueProps = {
 *   organizationId: 'org-1',
 *   articleId: 'A-100',
 *   type: 'pbr',
 *   onCmLinkChange: (event) => console.log(event.detail.href),
 * };
 * ```
 */
export type MaterialDownloadVueProps = MaterialDownloadProperties &
  Pick<MaterialDownloadAttributes, 'debug'> & {
    onCmLinkChange?: (event: LinkChangeEvent) => void;
  };

declare module 'vue' {
  interface GlobalComponents {
    'cm-material-download': DefineComponent<MaterialDownloadVueProps>;
  }
}
