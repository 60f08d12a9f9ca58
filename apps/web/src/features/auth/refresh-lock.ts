const LOCK_NAME = 'healthfolio-refresh';
let localQueue: Promise<unknown> = Promise.resolve();

/**
 * Runs `task` while holding the cross-tab refresh lock, so two tabs never spend the same refresh token.
 * Without the Web Locks API (old browsers, jsdom) it falls back to a lock within this tab only.
 */
export function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    // The lock callback's promise is awaited by request(); its typing nests it once more.
    return navigator.locks.request(LOCK_NAME, task).then((result) => result);
  }
  const run = localQueue.then(task, task);
  localQueue = run.catch(() => undefined);
  return run;
}
