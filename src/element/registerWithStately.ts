import { createBrowserInspector } from '@statelyai/inspect';
import { defineMaterialDownload } from './element.js';
import { setInspector } from './inspection.js';

// dist/cm-material-download.stately.js: every actor to Stately's inspector (online), set before any actor starts.
const stately = createBrowserInspector();
setInspector((event) => stately.inspect.next?.(event));
defineMaterialDownload();
