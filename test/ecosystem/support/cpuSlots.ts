import { availableParallelism } from 'node:os';

/**
 * Runs the tasks given to it at most one per core at a time. A build keeps a core busy from start
 * to end: more of them at once only share the cores and finish no sooner, while installs, which
 * mostly wait on the disk and the registry, need no slot and go on beside them.
 */
export function cpuSlots(slots = availableParallelism()): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
