import type { LinkStyle } from '../../../dev/provider/link-signing.js';
import type { Provider } from '../../../dev/provider/server.js';
import type { CustomerPage, ElementId } from '../../support/customerPage';

/** What one anchor showed, and from when (the true time: the page's `Date.now()` where its clock is not set off). */
export interface Shown {
  id: string;
  /** The anchor's href from then on; null while it has none. */
  href: string | null;
  /** The host's `data-reason` from then on. */
  reason: string | null;
  at: number;
}

/** An element's endpoint whose links are signed in `style` and live `lifetimeMs`. */
export function signedEndpoint(provider: Provider, style: LinkStyle, lifetimeMs: number): string {
  return provider.graphqlUrlFor({ linkStyle: style, linkLifetimeMs: lifetimeMs });
}

/**
 * A signed link's life as the page sees it: every href an anchor shows and
 * when, recorded in the page (a driver's round trip would miss a link that
 * lasted a moment), and waits that run in the page.
 */
export class LinkTimeline {
  constructor(private readonly I: CustomerPage) {}

  /** Records from now on: start it before the elements arrive. */
  async record(): Promise<void> {
    await this.I.runInTask(() => {
      const shown: Shown[] = ((window as any).__shown = []);
      const trueNow: () => number = (window as any).__trueNow ?? (() => Date.now());
      new MutationObserver((records) => {
        for (const record of records) {
          const element = record.target as Element;
          const host = element.localName === 'a' ? element.parentElement : element;
          const anchor = host?.firstElementChild;
          if (!host?.id || !anchor) continue;
          const now = { href: anchor.getAttribute('href'), reason: host.getAttribute('data-reason') };
          const last = shown.filter((entry) => entry.id === host.id).at(-1);
          if (last && last.href === now.href && last.reason === now.reason) continue;
          shown.push({ id: host.id, ...now, at: trueNow() });
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['href', 'data-reason'] });
    }, null);
  }

  /** What the element's anchor showed, in order, since `record()`. */
  async of(id: ElementId): Promise<Shown[]> {
    const all = await this.I.runAsSent(() => (window as any).__shown as Shown[], null);
    return all.filter((entry) => entry.id === id);
  }

  /** Waits in the page until each element's anchor has shown this many different links. */
  async linksShown(ids: ElementId[], count: number, timeoutMs = 20_000): Promise<void> {
    await this.I.runInTask(
      ([elementIds, links, giveUpAfter]) =>
        new Promise((resolve, reject) => {
          const giveUpAt = Date.now() + giveUpAfter;
          const check = () => {
            const shown: Shown[] = (window as any).__shown;
            const done = elementIds.every(
              (id) =>
                new Set(shown.filter((entry) => entry.id === id && entry.href).map((entry) => entry.href)).size >=
                links,
            );
            if (done) resolve(true);
            else if (Date.now() > giveUpAt)
              reject(new Error(`not ${links} links each on ${elementIds.join(', ')} in ${giveUpAfter} ms`));
            else setTimeout(check, 20);
          };
          check();
        }),
      [ids, count, timeoutMs] as const,
    );
  }

  /** Waits in the page until the element's anchor has lost its href. */
  async removed(id: ElementId, timeoutMs = 20_000): Promise<void> {
    await this.I.runInTask(
      ([elementId, giveUpAfter]) =>
        new Promise((resolve, reject) => {
          const giveUpAt = Date.now() + giveUpAfter;
          const check = () => {
            const last = ((window as any).__shown as Shown[]).filter((entry) => entry.id === elementId).at(-1);
            if (last && last.href === null) resolve(true);
            else if (Date.now() > giveUpAt) reject(new Error(`${elementId} kept its href for ${giveUpAfter} ms`));
            else setTimeout(check, 20);
          };
          check();
        }),
      [id, timeoutMs] as const,
    );
  }
}
