import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from '@/app';
import { PRERENDERED_PAGES } from '@/app-routes';
import { queryClient } from '@/lib/queryClient';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = <App client={queryClient} Router={BrowserRouter} />;
const page = PRERENDERED_PAGES[window.location.pathname];
if (container.firstElementChild && page) {
  // The gateway sent this page's first viewport rendered at build time (prerender.tsx, ADR 0044). With the page's code
  // loaded first, the whole view hydrates in one pass, before any query starts (a session answering between the nav
  // bar and the page would make them differ from the markup). As a transition, hydration yields to the browser every
  // few milliseconds instead of blocking it in one long task.
  const hydrate = () =>
    startTransition(() => {
      hydrateRoot(container, app);
    });
  // Should the page's code fail to load, hydration goes ahead and the page's own loading reports it.
  void page.preload().then(hydrate, hydrate);
} else {
  createRoot(container).render(app);
}
