/** Every message the element logs starts with its name, so customers can filter for it. */
export const LOG_PREFIX = 'cm-material-download:';

export const logError = (message: string, ...context: unknown[]) =>
  console.error(`${LOG_PREFIX} ${message}`, ...context);
export const logWarning = (message: string, ...context: unknown[]) =>
  console.warn(`${LOG_PREFIX} ${message}`, ...context);
