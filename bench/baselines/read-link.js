// @ts-check
// The baselines' shared back half: the element's reading rules (src/api/operation.ts)
// without its error reporting, and only absolute http(s) URLs become an href.

/** @typedef {import('./operation.js').LinkKind} LinkKind */

/** @param {unknown} value @returns {any} */
const asObject = (value) => (typeof value === 'object' && value !== null ? value : {});
/** @param {unknown} value @returns {any[]} */
const asList = (value) => (Array.isArray(value) ? value : []);

/**
 * @param {LinkKind} kind
 * @param {unknown} data the answer's `data`
 * @returns {string | null}
 */
export function readLink(kind, data) {
  const material = asObject(asList(asObject(data).materials)[0]);
  /** @type {unknown} */
  let url;
  if (kind === 'thumbnail') {
    url = asObject(asObject(asList(material.dataObjectAssignments)[0]).dataObject).thumbnail?.downloadUrl;
  } else if (kind === 'tile') {
    const image = asList(material.dataObjectAssignments).find((assignment) =>
      String(asObject(asObject(assignment).dataObject).mediaType ?? '').startsWith('image/'),
    );
    url = asObject(asObject(image).dataObject).thumbnail?.downloadUrl;
  } else {
    const done = asList(material.jsonFileAssignments).find(
      (assignment) => asObject(assignment).state === 'DONE' && asObject(assignment).default === true,
    );
    url = asObject(asObject(asObject(done).jsonFile).outputDataObject).downloadUrl;
  }
  return typeof url === 'string' && /^https?:\/\/[^\s/]/i.test(url) ? url : null;
}

/**
 * @param {HTMLElement} host
 * @param {string | null} href
 */
export function showLink(host, href) {
  const anchor = host.firstElementChild;
  if (!(anchor instanceof HTMLAnchorElement)) return;
  if (href) anchor.href = href;
  else anchor.removeAttribute('href');
  host.dataset.state = href ? 'enabled' : 'disabled';
}
