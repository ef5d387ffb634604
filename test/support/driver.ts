/**
 * What the customer page model needs from a browser, and nothing more: each
 * engine's driver gives it, so one test body runs in every engine.
 */

/** A function the driver sends into the page as source: it sees only its arguments and the page. */
export type PageFunction<A extends unknown[], R> = (...args: A) => R;

export interface DriverPage {
  /**
   * The URL a former test's `close(next)` left this page on, loaded then and untouched since;
   * null otherwise. Opening that URL again can start from it (see CustomerPage.open).
   */
  readonly pristine: string | null;
  goto(url: string): Promise<void>;
  /**
   * Runs `fn` in the page with these arguments (JSON) and resolves with what it
   * returns (JSON; a promise is awaited). What the page throws rejects.
   */
  evaluate<A extends unknown[], R>(fn: PageFunction<A, R>, ...args: A): Promise<Awaited<R>>;
  /** Takes the page off the network, or puts it back (see `Engine.cannot`). */
  setOffline(offline: boolean): Promise<void>;
  /** Slows the page's CPU down by this factor (see `Engine.cannot`). */
  throttleCpu(rate: number): Promise<void>;
  /** Freezes the page as a browser freezes a hidden tab (its timers stop), or wakes it (see `Engine.cannot`). */
  setLifecycle(state: 'frozen' | 'active'): Promise<void>;
  /** Goes back in the tab's history, as the visitor's Back button does. */
  goBack(): Promise<void>;
  /**
   * Ends the page: its requests in flight and its timers stop. A page the driver keeps for a later
   * test loads `next` on the way (the page the next test would load first), or else a blank page.
   */
  close(next?: string): Promise<void>;
}

export interface DriverBrowser {
  /** The browser's name and version, as its driver reports them. */
  readonly version: string;
  /** A page for one test. Its origin's storage may hold a former page's: the model clears it. */
  newPage(): Promise<DriverPage>;
}
