import { createBrowserInspector } from '@statelyai/inspect';
import { defineMaterialDownload } from './element.js';
import { setInspector } from './inspection.js';

// The entry of dist/cm-material-download.stately.js: the element with every actor
// sent to Stately's browser inspector (it opens stately.ai, so it needs the internet).
// The inspector is set before the element is defined, so it sees every actor start.
const stately = createBrowserInspector();
setInspector((event) => stately.inspect.next?.(event));
defineMaterialDownload();
