/**
 * The router's chunk, for main.tsx to evaluate in a task of its own before the app shell (ADR 0073). A module of the
 * `router` chunk (web/vite.config.ts) that takes one binding: a dynamic import of `react-router-dom` itself would keep
 * every export of the library in the bundle.
 */
export { createBrowserRouter } from 'react-router-dom';
