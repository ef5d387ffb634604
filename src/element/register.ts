import { defineMaterialDownload } from './defineMaterialDownload';

// The self-registering entry of dist/cm-material-download.js.
defineMaterialDownload();
