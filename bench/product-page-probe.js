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
      // The page's own text on screen: what a script that blocks the parser holds back.
      paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    };
  };

  const done = new Promise((resolve) => {
    const finish = (/** @type {'done' | 'timeout'} */ outcome) => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(resultOf(outcome));
    };
    const observer = new MutationObserver((records) => {
      for (const { target } of records) {
        if (target instanceof HTMLAnchorElement && target.hasAttribute('href') && !linked.has(target)) {
          linked.add(target);
          linkedCount += 1;
        }
      }
      if (linkedCount === expected) finish('done');
    });
    observer.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ['href'] });
    const timer = setTimeout(() => finish('timeout'), Number(timeoutMs));
  });

  Object.assign(window, { __productPage: done });
})();
