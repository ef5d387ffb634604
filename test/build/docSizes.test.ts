import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleBytesOf } from './support/appBundles';

/**
 * The sizes the README, docs/frameworks.md and docs/debugging.md state are what `npm run build`
 * measures today, within their one decimal: the shipped files gzip at level 9, and what the element
 * adds to a Vite app's production bundle (the app built with and without it). KB are of 1,024
 * bytes, as the bench's. docs/performance.md's figures are the bench's, dated (`npm run bench:doc`).
 * Needs `npm run build` first (`npm test` does it).
 */
const root = new URL('../../', import.meta.url);
const KB = 1024;
const fileBytes = (file: string) => gzipSync(readFileSync(new URL(`dist/${file}`, root)), { level: 9 }).length;

const REACT_APP = `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
`;
const reactApp = (element: string) =>
  `${REACT_APP}createRoot(document.body).render(createElement('main', null, ${element}));`;
const VUE_APP = `import { createApp, h } from 'vue';
createApp({ render: () => h('main', 'Materials') }).mount('body');
`;
const PLAIN_APP = `document.body.append('Materials');\n`;
const defining = (entry: string) =>
  `import { configure, defineMaterialDownload } from '${entry}';\nconfigure({ endpoint: '/graphql' });\ndefineMaterialDownload();\n`;

type Measure =
  | 'reactFile'
  | 'liteFile'
  | 'debugFile'
  | 'inspectorFile'
  | 'inReactApp'
  | 'inVueApp'
  | 'liteFileBundled'
  | 'reactInAppWithoutReact';

/** Each measure in bytes, gzip. */
const measured = {} as Record<Measure, number>;

beforeAll(async () => {
  measured.reactFile = fileBytes('cm-material-download.js');
  measured.liteFile = fileBytes('cm-material-download.lite.js');
  measured.debugFile = fileBytes('cm-material-download.debug.js');
  measured.inspectorFile = fileBytes('cm-material-download.inspector.js');
  const added = async (app: string, withElement: string) =>
    (await bundleBytesOf(withElement)) - (await bundleBytesOf(app));
  measured.inReactApp = await added(
    reactApp("'Materials'"),
    `import { MaterialDownload } from 'cm-material-download/react';\n${reactApp(
      "createElement(MaterialDownload, { organizationId: 'org-1', articleId: 'A-100', type: 'pbr' }, createElement('a', null, 'Download'))",
    )}`,
  );
  measured.inVueApp = await added(VUE_APP, `${defining('cm-material-download/lite')}${VUE_APP}`);
  measured.liteFileBundled = await added(
    PLAIN_APP,
    `import 'cm-material-download/cm-material-download.lite.js';\n${PLAIN_APP}`,
  );
  // What the library entry brings beside the lite one to an app without React (docs/frameworks.md, Svelte).
  measured.reactInAppWithoutReact = await added(
    `${defining('cm-material-download/lite')}${PLAIN_APP}`,
    `${defining('cm-material-download')}${PLAIN_APP}`,
  );
}, 120_000);

/**
 * Each document's sentences that state a size, the measure named where its figure stands. Read with
 * whitespace as one space: a figure may wrap.
 */
const SENTENCES: Record<string, string[]> = {
  'README.md': [
    'the element without React, {liteFile}, gives a phone',
    'has React inside, {reactFile}, and links later',
    'about {inReactApp} on top of your own React',
    "about {inReactApp} on top of the app's own React",
    '`main.ts`: about {inVueApp}, XState included',
    '`main.ts`, for its side effect: {liteFileBundled}, nothing of React',
    'in the root layout, for its side effect: {liteFileBundled}, nothing of React',
  ],
  'docs/frameworks.md': [
    'React inside: {reactFile}) | {liteFile} |',
    "on the app's own React | about {inReactApp} |",
    'XState included, nothing of React | about {inVueApp} |',
    'imported for its side effect: nothing of React | {liteFileBundled} |',
    'brings React into the client bundle (about {reactInAppWithoutReact} gzip',
  ],
  'docs/debugging.md': [
    '`dist/cm-material-download.debug.js` (about {debugFile}',
    'a file of its own (about {inspectorFile} gzip',
  ],
};

const FIGURE = String.raw`([\d.]+) KB`;
const PLACEHOLDER = /\{(\w+)\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A sentence as the pattern of its text, and the measures its figures state, in order. */
const STATEMENTS = Object.entries(SENTENCES).flatMap(([file, sentences]) =>
  sentences.map((sentence) => ({
    file,
    sentence,
    // split() with a group alternates text and the measure's name.
    figures: new RegExp(
      sentence
        .split(PLACEHOLDER)
        .map((part, index) => (index % 2 === 1 ? FIGURE : escapeRegExp(part)))
        .join(''),
    ),
    measures: [...sentence.matchAll(PLACEHOLDER)].map(([, name]) => name as Measure),
  })),
);
const documents = Object.keys(SENTENCES);
const text = (file: string) => readFileSync(new URL(file, root), 'utf8').replace(/\s+/g, ' ');

describe('the sizes the docs state', () => {
  it.each(documents)('%s states no size this test does not measure', (file) => {
    const figures = [...text(file).matchAll(new RegExp(FIGURE, 'g'))].length;
    const stated = STATEMENTS.filter((one) => one.file === file).reduce((total, one) => total + one.measures.length, 0);
    expect(figures).toBe(stated);
  });

  it.each(STATEMENTS)('$file: $sentence', ({ file, figures, measures }) => {
    const found = figures.exec(text(file));
    expect(found, 'the sentence is gone: update STATEMENTS with the docs').not.toBeNull();
    // One decimal as written; a tenth either way is the rounding of another gzip or bundler version.
    const wrong = measures.flatMap((measure, index) => {
      const [stated, actual] = [Number(found![index + 1]), measured[measure] / KB];
      return Math.abs(stated - actual) > 0.1 ? [`${measure}: ${stated} KB stated, ${actual.toFixed(1)} KB built`] : [];
    });
    expect(wrong).toEqual([]);
  });
});
