// @ts-check
// Runs inside each product page, inlined into its <head> before the script
// under test, so it sees every anchor get its href. The page says how many
// links it has and how long to wait (`<html data-links data-timeout-ms>`).
// Times are performance.now(): milliseconds since navigation start.
// Classic script on purpose.
(() => {
  const { links, timeoutMs } = document.documentElement.dataset;
  const expected = Number(links);
  const linked = new WeakSet();
  let linkedCount = 0;

  /** @param {'done' | 'timeout'} outcome */
  const resultOf = (outcome) => {
    const script = performance
      .getEntriesByType('resource')
      .find((entry) => entry instanceof PerformanceResourceTiming && entry.initiatorType === 'script');
    return {
      outcome,
      linkedCount,
      linkedAt: performance.now(),
      scriptArrivedAt: script instanceof PerformanceResourceTiming ? script.responseEnd : null,
    };
  };

  /**
   * The page's own text on screen (what a script that blocks the parser holds back). Links in the server's HTML
   * are set before anything is painted: the result waits for the paint that shows them.
   */
  const painted = new Promise((resolve) => {
    const observer = new PerformanceObserver((entries) => {
      const [contentful] = entries.getEntriesByName('first-contentful-paint');
      if (!contentful) return;
      observer.disconnect();
      resolve(contentful.startTime);
    });
    observer.observe({ type: 'paint', buffered: true });
  });

  const done = new Promise((resolve) => {
    const finish = (/** @type {'done' | 'timeout'} */ outcome) => {
      observer.disconnect();
      clearTimeout(timer);
      const result = resultOf(outcome);
      void painted.then((paintedAt) => resolve({ ...result, paintedAt }));
    };
    const see = (/** @type {Node} */ node) => {
      if (node instanceof HTMLAnchorElement && node.hasAttribute('href') && !linked.has(node)) {
        linked.add(node);
        linkedCount += 1;
      }
    };
    const observer = new MutationObserver((records) => {
      for (const { target, addedNodes } of records) {
        see(target);
        // A link the page's server resolved comes with its anchor, as the parser inserts it.
        for (const node of addedNodes) {
          see(node);
          if (node instanceof Element) node.querySelectorAll('a[href]').forEach(see);
        }
      }
      if (linkedCount === expected) finish('done');
    });
    observer.observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['href'],
    });
    const timer = setTimeout(() => finish('timeout'), Number(timeoutMs));
  });

  Object.assign(window, { __productPage: done });
})();
