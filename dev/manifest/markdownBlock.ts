/**
 * A generated table in the README lives between two markers. README.md is
 * left to its generators by Prettier, so each table is written as it should
 * read, with blank lines around it: every renderer then sees it apart from
 * the markers.
 */
export function markdownBlock(start: string, end: string, lines: string[]): string {
  return [start, '', ...lines, '', end].join('\n');
}

/** Replaces the block between the markers; a document without them is returned unchanged. */
export function withBlock(markdown: string, start: string, end: string, block: string): string {
  const from = markdown.indexOf(start);
  const to = markdown.indexOf(end, from);
  if (from < 0 || to < 0) return markdown;
  return markdown.slice(0, from) + block + markdown.slice(to + end.length);
}

/** A `|` would end the cell, even inside backticks. */
export const tableCell = (text: string) => text.replaceAll('|', '\\|');
