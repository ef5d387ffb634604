// @ts-check
// A test hook: GraphQL POSTs kept unanswered, in the order they arrived, until
// the test lets each one go. The order of the answers is then the test's,
// however slow the machine, and whichever driver runs the browser: classic
// WebDriver cannot intercept a request, but every browser's request comes here.

/** @typedef {import('node:http').ServerResponse} ServerResponse */

/**
 * How a held request ended: answered, or abandoned by the browser first (an
 * aborted fetch closes its connection before any answer).
 * @typedef {'answered' | 'aborted'} Ending
 *
 * @typedef {object} HeldRequests
 * @property {(count: number) => Promise<void>} arrived resolves once this many have arrived since hold()
 * @property {(index: number) => void} release answers the one at this index (in arrival order) as it would have been
 * @property {(index: number) => Promise<Ending>} ended resolves with how the one at this index ended
 * @property {() => void} end stops holding, and releases every request still held
 */

/**
 * @typedef {object} Held
 * @property {() => void} release
 * @property {Promise<void>} released
 * @property {Promise<Ending>} ended
 */

/** @param {ServerResponse} res @returns {Held} */
function holdOne(res) {
  /** @type {() => void} */
  let release = () => {};
  const released = new Promise((resolve) => (release = () => resolve(undefined)));
  /** @type {Promise<Ending>} */
  const ended = new Promise((resolve) =>
    res.once('close', () => resolve(res.writableFinished ? 'answered' : 'aborted')),
  );
  return { release, released, ended };
}

/**
 * Resolves once `current()` is `count` or more: at once, or on a later call of one of `checks`
 * (whoever makes the count grow calls them all).
 * @param {number} count
 * @param {() => number} current
 * @param {Set<() => void>} checks
 * @returns {Promise<void>}
 */
export function untilCount(count, current, checks) {
  return new Promise((resolve) => {
    const check = () => {
      if (current() < count) return;
      checks.delete(check);
      resolve();
    };
    checks.add(check);
    check();
  });
}

export function createHolds() {
  /** @type {Held[] | null} */
  let held = null;
  /** @type {Set<() => void>} */
  const onArrival = new Set();

  /** @param {number} index */
  const at = (index) => {
    const entry = held?.[index];
    if (!entry) throw new Error(`No request #${index} is held (${held?.length ?? 0} arrived).`);
    return entry;
  };

  /** @type {HeldRequests} */
  const handle = {
    arrived(count) {
      return untilCount(count, () => held?.length ?? 0, onArrival);
    },
    release(index) {
      at(index).release();
    },
    ended(index) {
      return at(index).ended;
    },
    end() {
      for (const entry of held ?? []) entry.release();
      held = null;
    },
  };

  return {
    /** Holds every GraphQL POST from now on; a hold already on goes on. */
    start() {
      held ??= [];
      return handle;
    },
    /**
     * In the server, once a POST is read: resolves when it may be answered,
     * at once unless holding. Resolves with false where the browser gave up on it meanwhile.
     * @param {ServerResponse} res
     * @returns {Promise<boolean>}
     */
    async wait(res) {
      if (!held) return true;
      const entry = holdOne(res);
      held.push(entry);
      for (const check of [...onArrival]) check();
      const ending = await Promise.race([entry.released.then(() => null), entry.ended]);
      return ending !== 'aborted';
    },
    /** Lets everything go, as the server closes. */
    releaseAll() {
      handle.end();
    },
  };
}
