import { fileURLToPath } from 'node:url';
import { MATERIAL_DOWNLOAD_STATES, materialDownloadMachine } from '../../src/machine/materialDownload.machine';
import { SHOWN_AS } from '../../src/machine/connect';
import { manifestAttributes, manifestProperties } from './attributes';
import { ELEMENT_DOC } from './elementDoc';
import { manifestEvents } from './events';
import { theLibrary } from './library';
import { realElement } from './realElement';
import type { Manifest, ManifestElement } from './schema';
import { staticMembers } from './staticMembers';

/**
 * custom-elements.json, from the element itself: which attributes,
 * properties and statics there are, from the class `defineMaterialDownload()`
 * registers; what they mean, from the attribute table and the types the
 * library exports; the events from its `dispatchEvent` calls; the states
 * from its statechart. Only the prose in elementDoc.ts is written for it.
 */

export const MANIFEST_FILE = fileURLToPath(new URL('../../custom-elements.json', import.meta.url));
/** Where the element is for a customer: the file that defines it. */
export const SELF_REGISTERING_FILE = 'dist/cm-material-download.js';

/** The states a host can show: every state but the final one, which it is gone in, and those it shows as another. */
function stateList(): string[] {
  const shown = MATERIAL_DOWNLOAD_STATES.filter(
    (state) => materialDownloadMachine.root.states[state]!.type !== 'final' && !SHOWN_AS[state],
  );
  const documented = Object.keys(ELEMENT_DOC.states);
  const stray = documented.filter((state) => !shown.includes(state as (typeof shown)[number]));
  if (stray.length > 0) throw new Error(`elementDoc.ts documents states the host never shows: ${stray.join(', ')}`);
  return shown.map((state) => {
    const doc = ELEMENT_DOC.states[state];
    if (!doc) throw new Error(`The host can show data-state="${state}": document it in elementDoc.ts`);
    return `- \`${state}\`: ${doc}`;
  });
}

function element(): ManifestElement {
  const library = theLibrary();
  const real = realElement();
  return {
    kind: 'class',
    name: real.className,
    tagName: real.tagName,
    customElement: true,
    summary: ELEMENT_DOC.summary,
    description: [ELEMENT_DOC.description, [ELEMENT_DOC.statesIntroduction, ...stateList()].join('\n')].join('\n\n'),
    superclass: { name: real.superclassName },
    attributes: manifestAttributes(library, real.observedAttributes),
    members: [...manifestProperties(real.properties), ...staticMembers(library, real.statics)],
    events: manifestEvents(library),
    slots: [{ name: '', description: ELEMENT_DOC.anchorSlot }],
  };
}

export function manifest(): Manifest {
  const declaration = element();
  return {
    schemaVersion: '1.0.0',
    readme: '',
    modules: [
      {
        kind: 'javascript-module',
        path: SELF_REGISTERING_FILE,
        declarations: [declaration],
        exports: [
          {
            kind: 'custom-element-definition',
            name: declaration.tagName,
            declaration: { name: declaration.name, module: SELF_REGISTERING_FILE },
          },
        ],
      },
    ],
  };
}

/** The manifest as it should be committed. */
export function manifestJson(): string {
  return `${JSON.stringify(manifest(), null, 2)}\n`;
}
