/** Runs `job` after `ms`, unless the returned stop is called first. */
function after(ms: number, job: () => void): () => void {
  const timer = setTimeout(job, ms);
  return () => clearTimeout(timer);
}

/** What XState asks of a clock (its `Clock`, which the package does not export). */
export interface ActorClock {
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

/** The page's clock also catches up after the page slept. */
export interface SharedClock extends ActorClock {
  /**
   * Runs at once every timer whose moment (`now()` terms) passed while the
   * page's timers slept, and sets the others anew from `now()`.
   */
  wake(): void;
}

/**
 * Timers due this close together run together: the refreshes of links that
 * came in one answer are counted from when each element took it in, a few
 * milliseconds apart on a busy page; less than a frame.
 */
const SAME_INSTANT_MS = 8;

/**
 * The time of the current script run: `Date.now()` read once, until the run's
 * microtasks. A machine counts a wait to its moment while it takes an event
 * and XState hands the wait to the clock after the transition; read twice,
 * time moves on in between, by as long as a busy renderer is preempted (over
 * 20 ms seen with the other cores busy), and waits to one moment land on
 * different instants. Counted and set from this one reading, they land on
 * the moment itself.
 */
export function createRunTime(): () => number {
  let runTime: number | undefined;
  return () => {
    if (runTime === undefined) {
      runTime = Date.now();
      queueMicrotask(() => (runTime = undefined));
    }
    return runTime;
  };
}

/** A browser's timer holds a signed 32-bit wait; a longer one fires at once. */
export const LONGEST_TIMER_MS = 2 ** 31 - 1;

interface Instant {
  dueAt: number;
  callbacks: Map<number, () => void>;
  /** Stops its timer; set by `arm`, anew for each leg of a long wait. */
  stopTimer?: () => void;
}

/**
 * The clock of every element's actor: timers due at the same millisecond
 * (give or take one) share one timer and run in one task.
 *
 * Every operation of a failed batch is retried at one instant (`retryAt`),
 * but each element waits with a timer of its own. With one timer each, a
 * renderer preempted between them, or a browser that runs the first retry's
 * batch-window timer before the second retry's timer, sends the retries in
 * separate requests. Run in one task, the retries are queued together and
 * share their batch whatever the page is doing: the batch goes by when they
 * were due, not by when their tasks happened to run.
 *
 * A timer asked for now (0 ms, or a wait already over) joins an instant that
 * is already overdue: its callbacks are waiting for the page, not for time.
 *
 * A wait longer than a browser's timer can hold (a signed link that lives
 * for weeks) is waited out in several timers. Timers stop while the page is
 * frozen, in the back/forward cache or on a laptop asleep, and a hidden tab's
 * are throttled: `wake()` runs what came due meanwhile. `whileWaiting` is
 * called when a first timer is set and its result when the last one is gone:
 * what watches for the page's return exists only while something waits.
 */
export function createSharedClock(
  now: () => number = Date.now,
  whileWaiting: () => () => void = () => () => {},
): SharedClock {
  const instants = new Map<number, Instant>();
  const instantOf = new Map<number, Instant>();
  let lastId = 0;
  let stopWatching: (() => void) | undefined;

  function addInstant(instant: Instant): void {
    instants.set(instant.dueAt, instant);
    stopWatching ??= whileWaiting();
  }

  function removeInstant(instant: Instant): void {
    instants.delete(instant.dueAt);
    if (instants.size > 0) return;
    stopWatching?.();
    stopWatching = undefined;
  }

  function fire(instant: Instant): void {
    removeInstant(instant);
    // A callback may clear a later one of this instant: a Map skips entries deleted while iterating.
    for (const [id, callback] of instant.callbacks) {
      instantOf.delete(id);
      instant.callbacks.delete(id);
      try {
        callback();
      } catch (error) {
        // As a timer of its own would have: reported, without keeping the others of its instant from running.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  /**
   * A wait counted to one moment (`retryAt - Date.now()`) lands early or late
   * when time passes between the count and this call: a neighbouring instant
   * within SAME_INSTANT_MS is the same one.
   */
  function instantNear(dueAt: number): Instant | undefined {
    const exact = instants.get(dueAt);
    if (exact) return exact;
    for (const instant of instants.values()) if (Math.abs(instant.dueAt - dueAt) <= SAME_INSTANT_MS) return instant;
    return undefined;
  }

  /** Its own timer, to `dueAt` or as near as a timer can wait; once there, it runs or waits on. */
  function arm(instant: Instant, at: number): void {
    const wait = instant.dueAt - at;
    instant.stopTimer =
      wait > LONGEST_TIMER_MS ? after(LONGEST_TIMER_MS, () => arm(instant, now())) : after(wait, () => fire(instant));
  }

  function overdueInstant(at: number): Instant | undefined {
    for (const instant of instants.values()) if (instant.dueAt <= at) return instant;
    return undefined;
  }

  return {
    setTimeout(callback, ms) {
      const at = now();
      const dueAt = at + Math.max(0, Math.ceil(ms));
      let instant = instantNear(dueAt) ?? (dueAt === at ? overdueInstant(at) : undefined);
      if (!instant) {
        instant = { dueAt, callbacks: new Map() };
        arm(instant, at);
        addInstant(instant);
      }
      lastId += 1;
      instant.callbacks.set(lastId, callback);
      instantOf.set(lastId, instant);
      return lastId;
    },
    clearTimeout(id) {
      const instant = instantOf.get(id);
      if (!instant) return;
      instantOf.delete(id);
      instant.callbacks.delete(id);
      if (instant.callbacks.size > 0) return;
      instant.stopTimer?.();
      removeInstant(instant);
    },
    wake() {
      const at = now();
      const byMoment = [...instants.values()].sort((a, b) => a.dueAt - b.dueAt);
      for (const instant of byMoment) {
        // An earlier instant's callback may have cleared this one.
        if (instants.get(instant.dueAt) !== instant) continue;
        instant.stopTimer?.();
        if (instant.dueAt <= at + SAME_INSTANT_MS) fire(instant);
        else arm(instant, at);
      }
    },
  };
}
