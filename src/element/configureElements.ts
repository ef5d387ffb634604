import { configureTransport, type ConfigureOptions, type MaterialDownloadConfig } from '../api/config.js';
import { setInspector, type MaterialDownloadInspector } from './inspection.js';

/**
 * What `configure` takes: the transport's options and the debugging hook. A field left out keeps its value.
 *
 * @example
 * ```ts
 * const options: ElementConfigureOptions = { timeoutMs: 10_000, retry: false, inspect: null };
 * configure(options);
 * ```
 */
export interface ElementConfigureOptions extends ConfigureOptions {
  /** Receives every element's XState inspection events; null switches it off. Set it before elements connect. */
  inspect?: MaterialDownloadInspector | null;
}

/**
 * Sets options for every element from now on; a bad value is logged and ignored, never thrown. Exported
 * as `configure`, and a static method of the element class for script-tag users.
 *
 * @param options - The options to change; the others keep their values.
 * @returns The options in force afterwards.
 *
 * @example
 * ```ts
 * import { configure } from 'cm-material-download';
 *
 * configure({ endpoint: 'https://api.example.com/graphql', batch: { intervalMs: 20 } });
 * // Script-tag users, once the element is defined (see MaterialDownloadElementConstructor):
 * // customElements.get('cm-material-download').configure({ timeoutMs: 10_000 });
 * ```
 */
export function configureElements(options: ElementConfigureOptions = {}): Readonly<MaterialDownloadConfig> {
  const { inspect, ...transport } = options;
  if (inspect !== undefined) setInspector(inspect);
  return configureTransport(transport);
}
