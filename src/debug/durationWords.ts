/** A wait in words, as precise as a reader needs it: `400 ms`, `1.6 s`, `42 s`, `14 min`, `3 h`. */
export function durationWords(ms: number): string {
  const rounded = Math.max(0, Math.round(ms));
  if (rounded < 1000) return `${rounded} ms`;
  if (rounded < 10_000) return `${(rounded / 1000).toFixed(1)} s`;
  if (rounded < 60_000) return `${Math.round(rounded / 1000)} s`;
  if (rounded < 3_600_000) return `${Math.round(rounded / 60_000)} min`;
  return `${Math.round(rounded / 3_600_000)} h`;
}
