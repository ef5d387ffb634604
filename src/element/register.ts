import { defineMaterialDownload } from './defineMaterialDownload.js';

// The self-registering entry of dist/cm-material-download.js.
defineMaterialDownload();
