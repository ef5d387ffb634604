import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REASONS_END, REASONS_START, reasonsBlock } from '../../dev/manifest/reasonsTable';
import { REASON_NAMES } from '../../src/machine/materialDownload.types';
import { collectConsoleMessages, PLACEHOLDER } from './support/consoleMessages';

/**
 * The README's troubleshooting table must name every message the element can
 * log, and nothing it no longer logs: a customer pastes the console line into
 * the page's search and must land on its row.
 */
const srcDir = fileURLToPath(new URL('../../src', import.meta.url));
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const { messages, unreadable, directConsole } = collectConsoleMessages(srcDir);

/** The section, without its generated reasons table (checked below, against src/inspector/words.ts). */
function troubleshootingSection(markdown: string): string {
  const section = /^## Troubleshooting\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(markdown)?.[1] ?? '';
  const start = section.indexOf(REASONS_START);
  const end = section.indexOf(REASONS_END);
  return start < 0 || end < 0 ? section : section.slice(0, start) + section.slice(end + REASONS_END.length);
}

function troubleshootingRows(markdown: string): string[] {
  const section = troubleshootingSection(markdown);
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // the header and its separator
    .map((line) => line.split(' | ')[0]!.replace(/^\|\s*/, ''));
}

/** The code spans of each row's first cell: the messages as the console shows them, `…` or an example where they vary. */
const documented = troubleshootingRows(readme).flatMap((cell) =>
  [...cell.matchAll(/`([^`]+)`/g)].map(([, text]) => text!),
);

/** A source message with its variable parts as wildcards; the README may show `…` or an example there. */
function matcher(text: string): RegExp {
  const parts = text.split(PLACEHOLDER).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}

describe('the README troubleshooting table', () => {
  it('finds the messages in src/: the extraction itself still works', () => {
    expect(messages.length).toBeGreaterThanOrEqual(30);
    expect(messages.map(({ text }) => text)).toEqual(
      expect.arrayContaining([
        'no article id provided',
        'request failed: HTTP …',
        'Invalid type "…". Valid values: ….',
      ]),
    );
    expect(documented.length).toBeGreaterThanOrEqual(30);
  });

  it('can read every message argument in src/ (a message built another way needs a rule in consoleMessages.ts)', () => {
    expect(unreadable).toEqual([]);
  });

  it('sees every console write: only src/log.ts writes to the console, through logError and logWarning', () => {
    expect(directConsole).toEqual([]);
  });

  it('has a row for every message the element can log', () => {
    const missing = messages.filter(({ text }) => !documented.some((row) => matcher(text).test(row)));
    expect(missing.map(({ text, where }) => `${text}   (${where})`)).toEqual([]);
  });

  it('has no row for a message the element no longer logs', () => {
    const stale = documented.filter((row) => !messages.some(({ text }) => matcher(text).test(row)));
    expect(stale).toEqual([]);
  });
});

describe("the README troubleshooting table's reasons", () => {
  it('is what `npm run manifest` writes from src/inspector/words.ts, under Troubleshooting', () => {
    const section = /^## Troubleshooting\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme)?.[1] ?? '';
    expect(section).toContain(reasonsBlock());
  });

  it('has a row for every reason, in the order of the table', () => {
    const reasons = [...reasonsBlock().matchAll(/^\| `([a-z-]+)` \|/gm)].map(([, reason]) => reason);
    expect(reasons).toEqual(REASON_NAMES);
  });
});
