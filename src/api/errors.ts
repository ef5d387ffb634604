/** A lookup that could not produce a link; its message is what the console shows. */
export class LookupError extends Error {
  override name = 'LookupError';
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
