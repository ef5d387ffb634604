import { defineMaterialDownload } from './element.js';

// The self-registering entry of dist/cm-material-download.js.
defineMaterialDownload();
