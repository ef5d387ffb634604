import { describe, expect, it } from 'vitest';
import { BUILDS, type CustomerPage } from '../support/customerPage';
import { engine } from './support/engine';
import { useEngine } from './support/useEngine';

/**
 * The page the README hands out: its script `async`, so the customer's page
 * parses and paints while the script is on its way, and its one `configure`
 * line in the `<head>`, waiting for the element's definition. The script
 * arrives after the elements (fixtures/readme.html), the order in which
 * `configure` could come too late: it must reach them before they ask.
 * (test/ecosystem/readme-snippet.test.ts: the fixture runs the README's lines.)
 */

const browser = useEngine();

describe.each(BUILDS)(`%s in ${engine.name}: the README's page`, (build) => {
  let I: CustomerPage;

  it('configure in the <head> reaches elements the async script defines after the page has been parsed', async () => {
    I = await browser.open(build, { load: false });
    await I.openReadmePage();

    const changes = await I.settledAll(['swatch', 'tile']);
    for (const change of changes) {
      expect(change).toMatchObject({ state: 'enabled', error: null });
      // From the configured endpoint, not the default /graphql: an Azure-signed link.
      expect(change.href).toMatch(new RegExp(`^${I.origin}/files/org-1/A-10[01]/.*[?&]se=`));
    }
    // Both asked once, together: configure came before the first lookup, not after it.
    expect(I.provider.requests).toHaveLength(1);
    expect(I.asked().sort()).toEqual(['A-100/GetMaterialDownloadLink', 'A-101/GetMaterialDownloadLink']);
    // And as soon as that: in the task of the script that defined the elements, not a task later.
    expect(await I.firstLookupWhileDefining()).toBe(true);
    expect(await I.consoleErrors()).toEqual([]);
    expect(await I.consoleWarnings()).toEqual([]);
  });
});
