// wouter imports `useSyncExternalStore` from the `use-sync-external-store` shim, written for React < 18. React 19 (and
// preact/compat) have it built in; vite.config.ts points the shim here, so the bundle carries no shim and a Preact
// build's prerender (ADR 0059) does not load the shim's CommonJS copy bound to the real React.
export { useSyncExternalStore } from 'react';
