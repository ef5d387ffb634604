import { describe, expect, it } from 'vitest';
import { BUILDS, type CustomerPage } from '../support/customerPage';
import { engine } from './support/engine';
import { useEngine } from './support/useEngine';

/**
 * What differs between the drivers rather than the engines, pinned: where a
 * driver runs a script unlike a customer's page would, the page object works
 * around it, and these tests say why it must.
 */

const browser = useEngine();

/**
 * In the page: two attribute writes on a custom element whose reactions each
 * queue a microtask, and the order of it all as the script's last statement
 * sees it. A script run as a task of the page sees no microtask yet: they run
 * once it is over.
 */
const reactionsAndMicrotasks = (tag: string) => {
  const log: string[] = [];
  if (!customElements.get(tag)) {
    customElements.define(
      tag,
      class extends HTMLElement {
        static observedAttributes = ['a', 'b'];
        attributeChangedCallback(name: string) {
          (window as any).__probeLog.push(`reaction ${name}`);
          queueMicrotask(() => (window as any).__probeLog.push(`microtask ${name}`));
        }
      },
    );
  }
  (window as any).__probeLog = log;
  const probe = document.createElement(tag);
  probe.setAttribute('a', '1');
  log.push('after a');
  probe.setAttribute('b', '1');
  log.push('after b');
  return log.slice();
};

const AS_IN_A_TASK = ['reaction a', 'after a', 'reaction b', 'after b'];

describe(`${engine.name}, driven by ${engine.driver}`, () => {
  let I: CustomerPage;

  it('a script in a task of the page runs microtasks only once it is over, as any page script does', async () => {
    I = await browser.open(BUILDS[0], { load: false });
    expect(await I.runInTask(reactionsAndMicrotasks, 'x-probe-task')).toEqual(AS_IN_A_TASK);
  });

  it('a script as the driver sends it: WebKit runs microtasks after each custom-element reaction, the others do not', async () => {
    I = await browser.open(BUILDS[0], { load: false });
    const order = await I.runAsSent(reactionsAndMicrotasks, 'x-probe-sent');

    // Classic Execute Script in WebKitGTK: why the page object sends every action as a task of the page.
    const checkpointAfterEachReaction = [
      'reaction a',
      'microtask a',
      'after a',
      'reaction b',
      'microtask b',
      'after b',
    ];
    expect(order).toEqual(engine.name === 'webkit' ? checkpointAfterEachReaction : AS_IN_A_TASK);
  });

  it('the page records what it logs and throws itself: the checks that nothing was logged can fail in every engine', async () => {
    I = await browser.open(BUILDS[0], { load: false });
    await I.runInTask(() => {
      // An inline script of the page's own: Chromium mutes what a script its driver sent throws.
      const script = document.createElement('script');
      script.textContent = `
        console.error('an error', document.body);
        console.warn('a warning');
        setTimeout(() => { throw new Error('uncaught'); });
        Promise.reject(new Error('unhandled'));`;
      document.head.append(script);
    }, null);
    await I.passTime(50);

    expect(await I.consoleErrors()).toEqual(['an error <body>']);
    expect(await I.consoleWarnings()).toEqual(['a warning']);
    expect((await I.takeThrown()).sort()).toEqual(['Error: uncaught', 'Error: unhandled']);
  });

  it('what the page returns as undefined comes back as null from classic WebDriver, as undefined otherwise', async () => {
    I = await browser.open(BUILDS[0], { load: false });
    const returned = await I.runAsSent(() => ({ missing: undefined }), null);
    expect(returned).toEqual(engine.name === 'webkit' ? { missing: null } : {});
  });

  it.runIf(engine.name === 'firefox')(
    'puppeteer over BiDi refuses to throttle the CPU: the checks that need it are skipped in Firefox',
    async () => {
      I = await browser.open(BUILDS[0], { load: false });
      await expect(I.throttleCpu(4)).rejects.toThrow();
    },
  );
});
