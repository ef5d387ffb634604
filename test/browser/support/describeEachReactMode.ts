import type { Page } from 'playwright-core';
import { describe } from 'vitest';

/** React's modes, as XState's `describeEachReactMode` names them; StrictMode's wrapper is chosen in the page. */
const REACT_MODES = [
  ['non-strict', false],
  ['strict', true],
] as const;

export type ReactModeKey = (typeof REACT_MODES)[number][0];

/** What the fixture page (test/browser/fixtures/react-app) offers its tests. */
export interface ReactFixtureWindow {
  /** Renders `<MaterialDownload {...props} />` on the page's root, inside `<StrictMode>` when `strict`. */
  render(props: object, strict: boolean): void;
  /** Renders nothing: the component unmounts. */
  unmount(): void;
}

export interface ReactModeSuite {
  suiteKey: ReactModeKey;
  /** Renders the component with these props in this suite's mode: every render of a suite has the same wrapper. */
  render: (page: Page, props: object) => Promise<void>;
}

/**
 * Runs a suite once per React mode, the way XState tests its React hooks
 * (`packages/xstate-react/test/utils.tsx`): the suite renders only through
 * the `render` it is given, so each of its tests runs with StrictMode off and
 * on. StrictMode double-invokes renders and mounts, unmounts and remounts
 * every effect (in development builds).
 *
 * @example describeEachReactMode('<MaterialDownload> (%s)', ({ render }) => { it(...) })
 */
export function describeEachReactMode(name: string, fn: (suite: ReactModeSuite) => void): void {
  describe.each(REACT_MODES)(name, (suiteKey, strict) => {
    fn({
      suiteKey,
      render: (page, props) =>
        page.evaluate(([p, s]) => (window as unknown as ReactFixtureWindow).render(p, s), [props, strict] as const),
    });
  });
}
