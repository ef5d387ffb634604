import { defineMaterialDownload, type MaterialDownloadElementConstructor } from '../../src/index';

/** The class as a page gets it, and what it says about itself. */
export interface RealElement {
  element: MaterialDownloadElementConstructor;
  /** The tag `defineMaterialDownload()` registers it under by default. */
  tagName: string;
  className: string;
  superclassName: string;
  /** Its static `observedAttributes`: the attributes it reacts to. */
  observedAttributes: readonly string[];
  /** Accessors on its prototype: the properties every element has. */
  properties: readonly string[];
  /** Its own statics beyond those of every class and every custom element. */
  statics: readonly string[];
}

/** Every function has these; every custom element has `observedAttributes`, listed as attributes. */
const NOT_ITS_OWN = new Set(['length', 'name', 'prototype', 'observedAttributes']);

/**
 * Registers the element as a page would, in Node: the factory needs only a
 * class to extend and a registry to define into, so stand-ins for
 * `HTMLElement` and `customElements` do, and are removed afterwards. What is
 * read here (static fields, prototype accessors) the class sets up itself,
 * whatever its base.
 */
function defineInNode(): RealElement {
  const registry = new Map<string, CustomElementConstructor>();
  const standIns = {
    HTMLElement: class HTMLElement {},
    customElements: {
      get: (name: string) => registry.get(name),
      define: (name: string, constructor: CustomElementConstructor) => void registry.set(name, constructor),
    },
  };
  const names = Object.keys(standIns) as (keyof typeof standIns)[];
  const taken = names.filter((name) => name in globalThis);
  if (taken.length > 0) throw new Error(`realElement runs in Node, where there is no ${taken.join(' or ')}`);
  Object.assign(globalThis, standIns);
  try {
    defineMaterialDownload();
  } finally {
    for (const name of names) delete (globalThis as Record<string, unknown>)[name];
  }
  const [[tagName, element] = []] = registry;
  if (!tagName || !element) throw new Error('defineMaterialDownload() defined nothing');
  const { prototype } = element as { prototype: object };
  return {
    element: element as unknown as MaterialDownloadElementConstructor,
    tagName,
    className: element.name,
    superclassName: (Object.getPrototypeOf(element) as { name: string }).name,
    observedAttributes: (element as { observedAttributes?: string[] }).observedAttributes ?? [],
    // An accessor's descriptor has no `value`.
    properties: Object.entries(Object.getOwnPropertyDescriptors(prototype))
      .filter(([, descriptor]) => !('value' in descriptor))
      .map(([name]) => name),
    statics: Object.getOwnPropertyNames(element).filter((name) => !NOT_ITS_OWN.has(name)),
  };
}

let real: RealElement | undefined;

/** Once per process: a second definition would get a nameless subclass. */
export function realElement(): RealElement {
  real ??= defineInNode();
  return real;
}
