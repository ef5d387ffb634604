import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks, githubSlug, linkTargets } from './support/markdownLinks';

/**
 * The README is what a newcomer reads in one sitting; the depth lives in CONTRIBUTING.md and
 * docs/. Every link between them must lead somewhere, the anchors included: a section moved or
 * renamed leaves a link to it dangling, and nothing else notices.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const documents = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const README_MAX_LINES = 450;

describe('the links between the README, CONTRIBUTING.md and docs/', () => {
  it('finds the documents and their links: the reading itself still works', () => {
    expect(documents).toEqual(expect.arrayContaining(['docs/frameworks.md', 'docs/performance.md']));
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(linkTargets(readme)).toEqual(expect.arrayContaining(['#events', 'CONTRIBUTING.md', 'docs/frameworks.md']));
    expect(anchorsOf(readme)).toEqual(expect.objectContaining({ size: expect.any(Number) }));
    expect([...anchorsOf(readme)]).toEqual(
      expect.arrayContaining(['what-the-anchor-and-the-host-show', 'troubleshooting']),
    );
  });

  it.each(documents)('every relative link and anchor of %s resolves', (file) => {
    expect(brokenLinks(root, file)).toEqual([]);
  });

  it('reaches every page of docs/ from the README or CONTRIBUTING.md, directly or through another page', () => {
    // A page nothing links to is a page no newcomer finds.
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file) || !documents.includes(file)) return;
      reached.add(file);
      for (const target of linkTargets(readFileSync(join(root, file), 'utf8'))) {
        const path = target.split('#')[0]!;
        if (path.endsWith('.md') && !/^[a-z]+:/i.test(path)) visit(join(dirname(file), path).replaceAll('\\', '/'));
      }
    };
    visit('README.md');
    visit('CONTRIBUTING.md');
    expect(documents.filter((file) => !reached.has(file))).toEqual([]);
  });
});

describe('the README', () => {
  it(`reads in one sitting: at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });
});

describe('the link check itself', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'cm-docs-links-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('makes the anchors GitHub makes', () => {
    expect(githubSlug('What the anchor and the host show')).toBe('what-the-anchor-and-the-host-show');
    expect(githubSlug('Adding an attribute, end to end')).toBe('adding-an-attribute-end-to-end');
    expect(githubSlug('Expose `Date` to other origins')).toBe('expose-date-to-other-origins');
    expect(githubSlug('Next.js')).toBe('nextjs');
    expect([...anchorsOf('# A\n\n## Traps\n\n```md\n## Not a heading\n```\n\n## Traps\n')]).toEqual([
      'a',
      'traps',
      'traps-1',
    ]);
  });

  it('reports a missing file, a missing heading and an anchor into a file that has none, and passes the rest', () => {
    mkdirSync(join(scratch, 'docs'), { recursive: true });
    writeFileSync(join(scratch, 'docs', 'guide.md'), '# Guide\n\n## Set it up\n');
    writeFileSync(join(scratch, 'notes.txt'), 'notes\n');
    writeFileSync(
      join(scratch, 'README.md'),
      [
        '# Readme',
        '',
        'Fine: [guide](docs/guide.md#set-it-up), [here](#readme), [site](https://example.com/#x), `[code](nowhere.md)`.',
        'Broken: [gone](docs/gone.md), [moved](docs/guide.md#set-up), [self](#nothing), [text](notes.txt#top).',
        '',
        '```md',
        '[example](example.md)',
        '```',
      ].join('\n'),
    );
    expect(brokenLinks(scratch, 'README.md')).toEqual([
      'README.md: docs/gone.md (no such file)',
      'README.md: docs/guide.md#set-up (no such heading)',
      'README.md: #nothing (no such heading)',
      'README.md: notes.txt#top (an anchor into a non-Markdown file)',
    ]);
  });
});
