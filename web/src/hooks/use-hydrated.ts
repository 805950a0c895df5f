import { useSyncExternalStore } from 'react';

const subscribe = (): (() => void) => () => undefined;

/**
 * False while the build prerenders a page and while the browser hydrates that markup, true from the render after
 * (and at once in a page rendered in the browser). React renders the server snapshot during hydration, so the
 * first client render matches the prerendered HTML, then re-renders with the client's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
