import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';

/** The lines outside fenced code blocks: a link or a heading inside one is an example, not a link. */
function proseLines(markdown: string): string[] {
  let fence: string | null = null;
  const lines: string[] = [];
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      continue;
    }
    if (fence === null) lines.push(line);
  }
  return lines;
}

/** A heading's text as GitHub renders it: code spans keep their text, links keep theirs. */
const headingText = (heading: string) => heading.replace(/`([^`]*)`/g, '$1').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');

/**
 * The anchor GitHub gives a heading: lower case, punctuation dropped (letters, digits, `-` and `_`
 * stay), each space a hyphen. A second heading of the same text gets `-1`, a third `-2`.
 */
export function githubSlug(heading: string): string {
  return headingText(heading)
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a document's headings make. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = githubSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The targets of a document's inline links and images, code spans and fenced blocks left out. */
export function linkTargets(markdown: string): string[] {
  return proseLines(markdown).flatMap((line) =>
    [...line.replace(/`[^`]*`/g, '').matchAll(/\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)].map(([, target]) => target!),
  );
}

/**
 * The links of `file` (a path below `root`) that lead nowhere: a file or folder that does not
 * exist, or a `#anchor` that no heading of its Markdown file makes. Links off the site are not
 * followed. Each entry reads `file: target (why)`.
 */
export function brokenLinks(root: string, file: string, read = (path: string) => readFileSync(path, 'utf8')): string[] {
  const from = join(root, file);
  const broken: string[] = [];
  for (const target of linkTargets(read(from))) {
    if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto:
    const [path = '', anchor] = target.split('#');
    const to = path === '' ? from : join(dirname(from), decodeURIComponent(path));
    if (relative(root, to).startsWith('..')) broken.push(`${file}: ${target} (outside the repository)`);
    else if (!existsSync(to)) broken.push(`${file}: ${target} (no such file)`);
    else if (anchor !== undefined) {
      if (statSync(to).isDirectory() || extname(to) !== '.md')
        broken.push(`${file}: ${target} (an anchor into a non-Markdown file)`);
      else if (!anchorsOf(read(to)).has(anchor)) broken.push(`${file}: ${target} (no such heading)`);
    }
  }
  return broken;
}
