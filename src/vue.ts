/**
 * The tag in Vue 3 templates, typed for `vue-tsc`. Types only, and opt-in: augmenting `vue` without Vue is an error.
 * @example `import type {} from 'cm-material-download/vue'; // in src/main.ts of a Vite + Vue app`
 * @packageDocumentation
 */

import type { DefineComponent } from 'vue';
import type { LinkChangeEvent, MaterialDownloadAttributes } from './element/globalTypes.js';
import type { MaterialDownloadProperties } from './machine/attributes.js';

/**
 * The tag's props in a Vue template, by property name: `vue-tsc` camelizes attributes (`@cm-link-change`: `onCmLinkChange`).
 * @example `const props: MaterialDownloadVueProps = { articleId: 'A-100', onCmLinkChange: onLinkChange };`
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
