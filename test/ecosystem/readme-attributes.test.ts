import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { attributesBlock } from '../../dev/manifest/attributesTable';
import { ATTRIBUTE_DOCS } from '../../dev/manifest/attributes';
import { ATTRIBUTES, INPUT_NAMES } from '../../src/machine/attributes';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
/** The table's rows as cells, the header and the divider left out. */
const rows = attributesBlock()
  .split('\n')
  .filter((line) => line.startsWith('| `'))
  .map((line) => line.slice(2, -2).split(' | '));

describe("the README's attribute table", () => {
  it('is what `npm run manifest` writes now, under Attributes', () => {
    const section = readme.slice(readme.indexOf('\n## Attributes\n'));
    expect(section.slice(0, section.indexOf('\n## ', 1))).toContain(attributesBlock());
  });

  it('has a row for each input: attribute, property, values and default from the attribute table', () => {
    expect(rows.map(([attribute]) => attribute)).toEqual(
      INPUT_NAMES.map((name) => `\`${ATTRIBUTES[name].attribute}\``),
    );
    for (const [index, name] of INPUT_NAMES.entries()) {
      const { values, default: fallback, required } = ATTRIBUTES[name];
      const doc = ATTRIBUTE_DOCS[name];
      const [, property, accepted, byDefault, description] = rows[index]!;
      expect(property).toBe(`\`${name}\``);
      for (const value of Object.keys(values ?? {})) expect(accepted, name).toContain(`\`${value}\``);
      if (required) expect(byDefault, name).toBe('required');
      else if (fallback !== null) expect(byDefault, name).toBe(`\`${fallback}\``);
      expect(description).toBe(doc);
    }
  });
});
