import { expect, it } from 'vitest';
import type { LinkStyle } from '../../dev/provider/link-signing.js';
import type { Provider } from '../../dev/provider/server.js';
import { readLinkExpiry } from '../../src/machine/linkExpiry';
import { BUILDS, type Attributes, type CustomerPage, type ElementId } from '../support/customerPage';
import { engine } from './support/engine';
import { LinkTimeline, type Shown } from './support/linkTimeline';
import { describeSideBySide, type EngineSuite } from './support/useEngine';

/**
 * A visitor whose clock is wrong, against the local provider signing with
 * the true time: the page's `Date` runs hours fast or minutes slow,
 * `performance.now` runs true, and what each anchor showed is recorded in
 * the true time. Where the page can read the provider's `Date` (its own
 * origin) every style is read against the provider's clock; where it cannot
 * (another origin that does not expose it), the S3 and GCS links still say
 * when they were signed, and Azure and CloudFront links say nothing the
 * element could check its clock with.
 */

const HOUR = 3_600_000;
const CLOCKS = [
  ['2 h fast', 2 * HOUR],
  ['20 min slow', -20 * 60_000],
] as const;
/** Short enough to see a refresh in seconds; long enough (1.8 s after the refresh is due) for its answer on a busy machine. */
const LIFETIME_MS = 9000;
/** One article each, so the provider's log tells each element's lookups apart. */
const LOOKUPS: Record<(typeof STYLES)[number], Attributes> = {
  azure: { 'organization-id': 'org-1', 'article-id': 'A-100', type: 'pbr' },
  s3: { 'organization-id': 'org-1', 'article-id': 'A-103', type: 'pbr' },
  gcs: { 'organization-id': 'org-2', 'article-id': 'B-200', type: 'pbr' },
  cloudfront: { 'organization-id': 'org-2', 'article-id': 'B-203', type: 'pbr' },
};
const STYLES = ['azure', 's3', 'gcs', 'cloudfront'] as const satisfies readonly LinkStyle[];
/** Styles whose URL says when it was signed: the provider's clock can be read from them alone. */
const SIGNING_TIME_STYLES: readonly LinkStyle[] = ['s3', 'gcs'];
/**
 * The refresh is due at 80% of the life a link has when it arrives, read
 * up to a second and a round trip early: never sooner than this share of
 * the life asked for.
 */
const EARLIEST_REFRESH_SHARE = 0.6;

const expiryOf = (shown: Shown) => readLinkExpiry(shown.href!)!;

const READINGS = [
  {
    name: 'the page reads the provider’s Date (same origin)',
    provider: (browser: EngineSuite) => browser.provider,
    exposeDate: true,
    timed: STYLES,
  },
  {
    name: 'the provider’s Date is not readable (another origin, Date not exposed)',
    provider: (browser: EngineSuite) => browser.elsewhere,
    exposeDate: false,
    timed: STYLES.filter((style) => SIGNING_TIME_STYLES.includes(style)),
  },
];

/** Each build with each clock: four suites, side by side where pages can be (each mostly waits for a refresh). */
const CASES = BUILDS.flatMap((build) => CLOCKS.map(([clock, clockOffsetMs]) => ({ build, clock, clockOffsetMs })));

describeSideBySide(
  CASES,
  ({ build, clock }) => `${build} in ${engine.name}: a visitor whose clock is ${clock}`,
  ({ build, clockOffsetMs }, browser) => {
    for (const { name, provider, exposeDate, timed } of READINGS) {
      it(name, async () => {
        const I: CustomerPage = await browser.open(build, { clockOffsetMs });
        const timeline = new LinkTimeline(I);
        await timeline.record();
        const endpointOf = (style: LinkStyle) =>
          provider(browser).graphqlUrlFor({ linkStyle: style, linkLifetimeMs: LIFETIME_MS, exposeDate });
        const untimed = STYLES.filter((style) => !timed.includes(style));
        // Those the element cannot time come first: their links arrive before a signed link of another
        // style has told the page anything of the provider's clock.
        const ids = new Map<LinkStyle, ElementId>();
        for (const styles of [untimed, timed]) {
          if (styles.length === 0) continue;
          const added = await I.addTogether(
            styles.map((style) => ({ ...LOOKUPS[style], endpoint: endpointOf(style) })),
          );
          styles.forEach((style, index) => ids.set(style, added[index]!));
          await timeline.linksShown(added, 1);
        }
        const idOf = (style: LinkStyle) => ids.get(style)!;
        const lookupsOf = (style: LinkStyle) =>
          lookupsFor(provider(browser), LOOKUPS[style as (typeof STYLES)[number]]);

        // Each timed link replaced by a fresh one: the refresh came.
        await timeline.linksShown(timed.map(idOf), 2);

        for (const style of timed) {
          const id = idOf(style);
          const shown = await timeline.of(id);
          // The anchor always held a link, and each was replaced before it expired.
          expect(
            shown.every((entry) => entry.href !== null && entry.reason === null),
            style,
          ).toBe(true);
          for (const [k, fresh] of shown.entries()) {
            if (k === 0) continue;
            const replaced = shown[k - 1]!;
            expect(fresh.at, style).toBeLessThan(expiryOf(replaced));
          }
          expect(await announcedLinks(I, id)).toEqual(shown.map(({ href }) => href));
          // No storm: a lookup per link, the next at most on its way, none sooner than most of a life apart.
          const lookups = lookupsOf(style);
          expect(lookups.length - shown.length, style).toBeLessThanOrEqual(1);
          for (const [k, lookup] of lookups.entries()) {
            if (k > 0)
              expect(lookup.at - lookups[k - 1]!.at, style).toBeGreaterThan(EARLIEST_REFRESH_SHARE * LIFETIME_MS);
          }
        }
        // A link that says nothing the element could check its clock with is read against the visitor's
        // clock (docs/provider.md asks providers to expose Date): looked up once, whatever that clock says.
        for (const style of untimed) {
          const shown = await timeline.of(idOf(style));
          expect(
            shown.map(({ reason }) => reason),
            style,
          ).toEqual([null]);
          expect(lookupsOf(style), style).toHaveLength(1);
          expect(await announcedLinks(I, idOf(style))).toEqual([shown[0]!.href]);
        }
        expect(await I.consoleErrors()).toEqual([]);
        expect(await I.consoleWarnings()).toEqual([]);
      });
    }
  },
);

/** The requests that carried this element's lookup. */
function lookupsFor(provider: Provider, lookup: Attributes) {
  return provider.requests.filter((request) =>
    request.operations.some((operation) => operation.variables.articleId === lookup['article-id']),
  );
}

/** The links the element announced, in order; every announcement enabled. */
async function announcedLinks(I: CustomerPage, id: ElementId): Promise<(string | null)[]> {
  const changes = await I.linkChanges(id);
  expect(changes.map(({ state }) => state)).toEqual(changes.map(() => 'enabled'));
  return changes.map(({ href }) => href);
}
