// @ts-check
// Runs inside each bench page, inlined into its <head> before anything else,
// so the long-task observer sees the whole page life. Classic script on purpose.
(() => {
  /** @type {{ start: number, duration: number }[]} */
  const longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // A browser without the Long Tasks API reports 0, which the bench output says it means.
  }

  /**
   * Adds the file's script and resolves once every anchor has an href, or
   * every element has settled (some as `data-state="disabled"`, without one),
   * or on timeout. Counting in a MutationObserver costs the page next to
   * nothing and notices the last href in the same task that set it.
   * @param {string} src
   * @param {number} timeoutMs
   */
  function loadAndWaitForLinks(src, timeoutMs) {
    const expected = document.querySelectorAll('cm-material-download > a').length;
    const linked = new WeakSet();
    let linkedCount = 0;
    /** Hosts that settled without a link; one may still get it when its inputs change. */
    const withoutLink = new Set();
    /** @type {number | null} */
    let arrivedAt = null;
    /** @type {number | null} */
    let executedAt = null;
    const insertedAt = performance.now();

    return new Promise((resolve) => {
      /** @param {'done' | 'links missing' | 'timeout' | 'script error'} outcome */
      const finish = (outcome) => {
        const finishedAt = performance.now();
        observer.disconnect();
        clearTimeout(timer);
        const duringLoad = longTasks.filter((t) => t.start < finishedAt && t.start + t.duration > insertedAt);
        resolve({
          outcome,
          expected,
          linkedCount,
          insertedAt,
          arrivedAt,
          executedAt,
          finishedAt,
          longTasks: duringLoad.map((t) => t.duration),
        });
      };
      const observer = new MutationObserver((records) => {
        for (const record of records) {
          const target = record.target;
          if (record.attributeName === 'href') {
            if (!linked.has(target) && target instanceof HTMLAnchorElement && target.hasAttribute('href')) {
              linked.add(target);
              linkedCount += 1;
              withoutLink.delete(target.parentElement);
            }
          } else if (target instanceof Element && target.localName === 'cm-material-download') {
            const settledWithoutLink =
              target.getAttribute('data-state') === 'disabled' && !linked.has(target.firstElementChild ?? target);
            if (settledWithoutLink) withoutLink.add(target);
            else withoutLink.delete(target);
          }
        }
        if (linkedCount === expected) finish('done');
        else if (linkedCount + withoutLink.size === expected) finish('links missing');
      });
      observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['href', 'data-state'] });
      const timer = setTimeout(() => finish('timeout'), timeoutMs);

      const script = document.createElement('script');
      script.src = src;
      script.onload = () => {
        executedAt = performance.now();
        const entry = performance.getEntriesByName(script.src, 'resource')[0];
        arrivedAt = entry instanceof PerformanceResourceTiming ? entry.responseEnd : null;
      };
      script.onerror = () => finish('script error');
      document.head.append(script);
    });
  }

  Object.assign(window, { __bench: { loadAndWaitForLinks } });
})();
