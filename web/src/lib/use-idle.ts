import { useEffect, useState } from 'react';

/**
 * Runs `task` the next time the browser has nothing to do (at most `timeout` ms from now); answers a function that
 * cancels it. Browsers without `requestIdleCallback` run it in a task of its own.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 0);
  return () => window.clearTimeout(handle);
}

/**
 * False on the first render and the hydration, true once the browser has been idle after it: for the parts of a page
 * that are likely to be asked for soon but are not on screen (a dialog's code), prepared in idle time so the tap that
 * opens them does not wait for them.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
