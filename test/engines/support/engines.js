// @ts-check
/**
 * The engines the public contract runs in: one Vitest project each
 * (vitest.config.ts), one test body for all (test/engines).
 */
export const ENGINES = /** @type {const} */ (['chromium', 'firefox', 'webkit']);
/** @typedef {(typeof ENGINES)[number]} EngineName */
