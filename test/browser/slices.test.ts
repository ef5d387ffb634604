import { describe, expect, it } from 'vitest';
import type { ChromiumPage } from './support/chromiumPage';
import { useHarness } from './support/useHarness';

/**
 * A page that connects many elements at once gets them started in slices
 * that yield to it, nearest the viewport first; batching, removal, moves and
 * changes behave as if every element had started at once.
 */
const harness = useHarness();
let I: ChromiumPage;

interface SlicesWindow {
  /** Adds `count` elements in one task, each asking for its own article (`S-<index>`); ids `s-<index>`. */
  __addMany(count: number): void;
}

/** A page with the element loaded and `__addMany`; each element asks for an article of its own, so none share an operation. */
async function openSlicesPage(cpuSlowdown = 1): Promise<void> {
  I = await harness.open();
  if (cpuSlowdown > 1) await I.throttleCpu(cpuSlowdown);
  await I.page.evaluate(() => {
    (window as unknown as SlicesWindow).__addMany = (count) => {
      const root = document.getElementById('root')!;
      for (let index = 0; index < count; index++) {
        const element = document.createElement('cm-material-download');
        element.id = `s-${index}`;
        element.setAttribute('organization-id', 'org-1');
        element.setAttribute('article-id', `S-${index}`);
        element.setAttribute('type', 'pbr');
        element.innerHTML = '<a class="button" style="display: block; height: 40px">Download</a>';
        root.append(element);
      }
    };
  });
}

const addMany = (count: number) => I.page.evaluate((n) => (window as unknown as SlicesWindow).__addMany(n), count);

/** Resolves once none of the page's elements is idle or fetching any more. */
const allSettled = (count: number) =>
  I.page.waitForFunction(
    (n) =>
      document.querySelectorAll('cm-material-download:is([data-state="enabled"], [data-state="disabled"])').length ===
      n,
    count,
    { timeout: 60_000 },
  );

/** The article ids each GraphQL request asked for, in the order the requests came. */
const articlesPerRequest = () =>
  harness.provider.requests.map((request) =>
    request.operations.map((operation) => String(operation.variables.articleId)),
  );

describe('elements connected together start in slices', () => {
  // A desktop and a slow phone: the slices' budget is time, so the slowest rate has the most slices
  // and the desktop the fewest; a rate between them (×4 until now) was a third of this matrix.
  describe.each([1, 6])('at CPU ×%i', (cpuSlowdown) => {
    it.each([
      [3, 1],
      [30, 3],
      [100, 10],
      [1000, 100],
    ])(
      '%i elements added in one task go out as %i requests',
      async (count, requests) => {
        await openSlicesPage(cpuSlowdown);
        await addMany(count);
        await allSettled(count);
        const asked = articlesPerRequest();
        expect(asked).toHaveLength(requests);
        expect(asked.flat().sort()).toEqual(Array.from({ length: count }, (_, index) => `S-${index}`).sort());
        expect(I.devtools.consoleErrors).toEqual([]);
      },
      120_000,
    );
  });

  it('the first ten in line send their lookups before any actor is made, in one request', async () => {
    await openSlicesPage(6);
    // How many elements had made their actor (the page's inspection lists each one) at each request.
    await I.page.evaluate(() => {
      const page = window as unknown as { fetch: typeof fetch; __actorsAtRequests: number[] };
      const channel = Symbol.for('cm-material-download.inspection');
      const send = page.fetch;
      page.__actorsAtRequests = [];
      page.fetch = (...request) => {
        const live = (globalThis as { [channel]?: { live: Map<unknown, unknown> } })[channel]?.live;
        page.__actorsAtRequests.push(live?.size ?? 0);
        return send(...request);
      };
    });
    await addMany(30);
    await allSettled(30);
    const actorsAtRequests = await I.page.evaluate(
      () => (window as unknown as { __actorsAtRequests: number[] }).__actorsAtRequests,
    );
    expect(actorsAtRequests[0]).toBe(0);
    expect(actorsAtRequests).toHaveLength(3);
    const asked = articlesPerRequest();
    expect(asked[0]).toEqual(Array.from({ length: 10 }, (_, index) => `S-${index}`));
    expect(asked.flat().sort()).toEqual(Array.from({ length: 30 }, (_, index) => `S-${index}`).sort());
    expect(I.devtools.consoleErrors).toEqual([]);
  }, 60_000);

  it('the elements in view start before those far below the fold', async () => {
    await openSlicesPage();
    // Scrolled to the middle of a long page of slots, which the elements then fill in one task.
    await I.page.evaluate(() => {
      const root = document.getElementById('root')!;
      root.style.minHeight = '100000px';
      window.scrollTo(0, 20_000);
    });
    await addMany(1000);
    await allSettled(1000);
    // 40 px per element: the viewport shows elements from about #500 on.
    const first = articlesPerRequest()[0]!.map((article) => Number(article.slice(2)));
    const inView = await I.page.evaluate(() =>
      [...document.querySelectorAll('cm-material-download')]
        .filter((host) => {
          const { top, bottom } = host.getBoundingClientRect();
          return bottom > 0 && top < window.innerHeight;
        })
        .map((host) => Number(host.id.slice(2))),
    );
    expect(inView.length).toBeGreaterThan(5);
    expect(first).toHaveLength(10);
    for (const index of first) expect(inView).toContain(index);
  }, 60_000);
});

describe('before its slice ran', () => {
  /**
   * Enough that the last is far below the fold and many slices away: at CPU ×6 one slice's 8 ms
   * starts a few elements, not hundreds. (1000 cost five times the page's work and showed nothing more.)
   */
  const ELEMENTS = 200;
  const LAST_ID = `s-${ELEMENTS - 1}`;

  /**
   * Adds ELEMENTS at CPU ×6, then, in the first task after a slice has run,
   * does `act` to the last one (far below the fold, so still idle) and says
   * whether it was still idle then.
   */
  async function actBeforeItsSlice(act: 'remove' | 'change' | 'move'): Promise<boolean> {
    await openSlicesPage(6);
    return I.page.evaluate(
      ([action, count, lastId]) => {
        (window as unknown as SlicesWindow).__addMany(count);
        const last = document.getElementById(lastId)!;
        return new Promise<boolean>((done) => {
          const observer = new MutationObserver(() => {
            observer.disconnect();
            const stillIdle = last.getAttribute('data-state') === 'idle';
            if (action === 'remove') last.remove();
            if (action === 'change') last.setAttribute('article-id', 'A-100');
            if (action === 'move') document.getElementById('root')!.prepend(last);
            done(stillIdle);
          });
          // The first element that leaves idle: a slice has run.
          observer.observe(document.getElementById('s-0')!, { attributes: true, attributeFilter: ['data-state'] });
        });
      },
      [act, ELEMENTS, LAST_ID] as const,
    );
  }

  it('an element removed makes no request', async () => {
    expect(await actBeforeItsSlice('remove')).toBe(true);
    await allSettled(ELEMENTS - 1);
    expect(articlesPerRequest().flat()).not.toContain(`S-${ELEMENTS - 1}`);
    expect(articlesPerRequest().flat()).toHaveLength(ELEMENTS - 1);
  }, 120_000);

  it('an element changed makes one request, with its latest inputs', async () => {
    expect(await actBeforeItsSlice('change')).toBe(true);
    await allSettled(ELEMENTS);
    const asked = articlesPerRequest().flat();
    expect(asked).not.toContain(`S-${ELEMENTS - 1}`);
    expect(asked.filter((article) => article === 'A-100')).toHaveLength(1);
    expect(await I.page.locator(`#${LAST_ID}`).getAttribute('data-state')).toBe('enabled');
  }, 120_000);

  it('an element moved starts once', async () => {
    expect(await actBeforeItsSlice('move')).toBe(true);
    await allSettled(ELEMENTS);
    expect(
      articlesPerRequest()
        .flat()
        .filter((article) => article === `S-${ELEMENTS - 1}`),
    ).toHaveLength(1);
    expect(await I.linkChanges(LAST_ID)).toHaveLength(1);
  }, 120_000);
});
