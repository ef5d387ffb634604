/** Every message the element logs starts with its name, so customers can filter for it. */
export const LOG_PREFIX = 'cm-material-download:';

export function logError(message: string, ...context: unknown[]): void {
  console.error(`${LOG_PREFIX} ${message}`, ...context);
}

export function logWarning(message: string, ...context: unknown[]): void {
  console.warn(`${LOG_PREFIX} ${message}`, ...context);
}
