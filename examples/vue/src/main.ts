import { createApp } from 'vue';
// The lite entry: the element on Preact, inlined, so a Vue app carries nothing of React.
import { configure, defineMaterialDownload } from 'cm-material-download/lite';
import App from './App.vue';

// Set when building or serving (see the README); the element asks /graphql on this origin otherwise.
const endpoint = import.meta.env.VITE_CM_ENDPOINT;
if (endpoint) configure({ endpoint });

// The library entry registers nothing by itself: one call, before the app mounts, defines the tag.
defineMaterialDownload();

createApp(App).mount('#app');
