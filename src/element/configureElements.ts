import { configure, type ConfigureOptions, type MaterialDownloadConfig } from '../api/config';
import { setInspector, type MaterialDownloadInspector } from './inspection';

export interface ElementConfigureOptions extends ConfigureOptions {
  /** Receives every element's XState inspection events; null switches it off. Set it before elements connect. */
  inspect?: MaterialDownloadInspector | null;
}

/**
 * `configure` for everything the elements use: transport options go to the
 * api layer, the debugging hook stays here.
 *
 * @example customElements.get('cm-material-download').configure({ timeoutMs: 10000 })
 */
export function configureElements(options: ElementConfigureOptions = {}): Readonly<MaterialDownloadConfig> {
  const { inspect, ...transport } = options;
  if (inspect !== undefined) setInspector(inspect);
  return configure(transport);
}
