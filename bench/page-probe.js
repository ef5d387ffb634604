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
   * When the page called fetch for each POST (on a bench page, only /graphql
   * gets one). Every file sends through the page's fetch, looked up at or
   * after its own start; Resource Timing would list a request only once its
   * answer is in. Kept cheap: the naive baseline calls it 1000 times.
   * @type {number[]}
   */
  const requestTimes = [];
  const pageFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (method.toUpperCase() === 'POST') requestTimes.push(performance.now());
    return pageFetch(input, init);
  };

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
    requestTimes.length = 0;

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
          firstRequestAt: requestTimes[0] ?? null,
          lastRequestAt: requestTimes.at(-1) ?? null,
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
