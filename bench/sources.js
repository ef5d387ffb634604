// @ts-check
// Who a source file of a shipped build belongs to, as its source map names it.

/**
 * A dependency by its package (`…/node_modules/@scope/name/x.js` → `@scope/name`), our code by
 * its file (`src/api/wire.ts`) or, by folder, by its folder (`src/api`; `src` for a file at the
 * top of src/).
 * @param {string} source
 * @param {{ byFolder?: boolean }} [options]
 */
export function groupOf(source, { byFolder = false } = {}) {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(source);
  if (inPackage?.[1]) return inPackage[1];
  const inSrc = /(?:^|\/)(src\/.*)$/.exec(source)?.[1];
  if (inSrc) return byFolder ? inSrc.slice(0, inSrc.lastIndexOf('/')) : inSrc;
  return source.replace(/^(\.\.\/)+/, '');
}

/** Whether a group of groupOf is our own code. @param {string} group */
export const isOurs = (group) => group === 'src' || group.startsWith('src/');
