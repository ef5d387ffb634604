import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness';
import type { MaterialDownloadPage } from './support/materialDownloadPage';

let harness: Harness;
let I: MaterialDownloadPage;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => harness?.close());
afterEach(async () => {
  // No test may leave an exception in the customer's page.
  expect(I.pageErrors).toEqual([]);
  await I.page.context().close();
});

const org1 = { 'organization-id': 'org-1' };

describe('the link for each type', () => {
  it.each([
    [{ ...org1, 'article-id': 'A-100', type: 'thumbnail', dimensions: '10x10cm' }, '/files/org-1/A-100/thumbnail-THUMBNAIL_10X10_CM'],
    [{ ...org1, 'article-id': 'A-101', type: 'tile' }, '/files/org-1/A-101/tile-MATERIAL_TILEABLE_RENDER_2'],
    [{ ...org1, 'article-id': 'A-100', type: 'pbr' }, '/files/org-1/A-100/pbr-DONE_DEFAULT'],
    [{ 'organization-id': 'org-2', 'article-id': 'B-200', type: 'thumbnail', dimensions: '16x16in', resolution: 'high', 'file-type': 'jpg' }, '/files/org-2/B-200/thumbnail-THUMBNAIL_16X16_IN-HIGH.jpg'],
  ])('%j links to the provider file', async (attributes, path) => {
    I = await harness.newPage();
    await I.open();
    const element = await I.add(attributes);
    const change = await I.settled(element);
    expect(change).toMatchObject({ state: 'enabled', error: null });
    expect(change.href).toContain(`${I.origin}${path}`);
    expect(await I.anchorOf(element)).toEqual({ dataState: 'enabled', href: change.href, className: 'button', ariaDisabled: null });
    const download = await I.page.request.get(change.href!);
    expect(download.ok()).toBe(true);
  });

  it.each([
    [{ ...org1, 'article-id': 'A-199', type: 'thumbnail', dimensions: '10x10cm' }, 'an article with nothing'],
    [{ ...org1, 'article-id': 'A-102', type: 'tile' }, 'only a video among the tileables'],
    [{ ...org1, 'article-id': 'A-102', type: 'pbr' }, 'no DONE default PBR'],
    [{ ...org1, 'article-id': 'no-such-article', type: 'pbr' }, 'an unknown article'],
    [{ 'organization-id': 'org-test', 'article-id': 'hostile-null', type: 'thumbnail', dimensions: '10x10cm' }, 'a null URL'],
  ])('%j is disabled without error: %s', async (attributes) => {
    I = await harness.newPage();
    await I.open();
    const element = await I.add(attributes);
    expect(await I.settled(element)).toMatchObject({ state: 'disabled', href: null, error: null });
    expect(await I.anchorOf(element)).toEqual({ dataState: 'disabled', href: null, className: 'button disabled', ariaDisabled: 'true' });
    expect(I.consoleErrors).toEqual([]);
  });
});
