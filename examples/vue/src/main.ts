import { createApp } from 'vue';
// The lite entry: the element without React, so a Vue app carries nothing of React.
import { configure, defineMaterialDownload } from 'cm-material-download/lite';
// The tag in Vue's `GlobalComponents`, so vue-tsc checks its attribute values and `@cm-link-change` in templates.
import type {} from 'cm-material-download/vue';
import App from './App.vue';

// Set when building or serving (see the README); the element asks /graphql on this origin otherwise.
const endpoint = import.meta.env.VITE_CM_ENDPOINT;
if (endpoint) configure({ endpoint });

// The library entry registers nothing by itself: one call, before the app mounts, defines the tag.
defineMaterialDownload();

createApp(App).mount('#app');
