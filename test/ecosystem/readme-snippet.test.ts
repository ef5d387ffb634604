import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The README's script tag and configure line are what test/engines/readmePage.test.ts runs in
 * every engine, from fixtures/readme.html: the two must not drift apart.
 */
const root = new URL('../../', import.meta.url);
const CONFIGURE_LINE =
  /customElements\.whenDefined\('cm-material-download'\)\.then\(\(element\) => element\.configure\(\{ endpoint: '([^']+)' \}\)\);/;

describe("the README's snippet", () => {
  it('hands out an async script tag and the configure line the page below runs', () => {
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    const fixture = readFileSync(new URL('test/engines/fixtures/readme.html', root), 'utf8');
    expect(readme).toMatch(
      /^<script async src="https:\/\/cdn\.jsdelivr\.net\/npm\/cm-material-download@[^"]+"><\/script>$/m,
    );
    expect(CONFIGURE_LINE.exec(readme)?.[1]).toBe('https://api.example.com/graphql');
    // The same line, to the local provider's signed links: a link that says `se=` came from the configured endpoint.
    expect(CONFIGURE_LINE.exec(fixture)?.[1]).toBe('/graphql?link-style=azure');
  });
});
