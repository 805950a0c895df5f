import './index.css';
import type { SentQueries } from './boot';
import { watchFirstUse } from './first-use';
import { SELLER_AUTH_PREFIX } from './components/requests/seller-auth';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** A new task, so the browser can paint and handle input between two stages of start-up. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The libraries the app shell imports, in the chunks web/vite.config.ts makes of them (router, query, ui), loaded one
 * by one before the shell. tailwind-merge builds its class tables on its first call: made here, in a task of its own,
 * rather than in the middle of the first render.
 */
// Each is a module of the app in that chunk: a dynamic import of a library itself would keep all its exports.
const LIBRARIES: ReadonlyArray<() => Promise<unknown>> = [
  () => import('./lib/router-chunk'),
  () => import('./lib/queryClient'),
  async () => (await import('./lib/utils')).cn('px-2', 'px-4'),
];

const meta = (name: string) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content');

/**
 * Whether this browser keeps a seller's edit token (`seller_auth_<id>`, spec §9): its seller cards offer "Edit", which
 * the gateway's visitor view cannot know of, so the view is hydrated at load rather than on first use (ADR 0063).
 */
function keepsSellerTokens(): boolean {
  try {
    return Object.keys(window.localStorage).some((key) => key.startsWith(SELLER_AUTH_PREFIX));
  } catch {
    return false;
  }
}

/** The query cache a live list's view was rendered from (ADR 0063), sent beside the markup; none if unreadable. */
function sentState(): SentQueries | undefined {
  const text = document.getElementById('paymarket-state')?.textContent;
  try {
    const state: unknown = text ? JSON.parse(text) : undefined;
    return Array.isArray(state) ? (state as SentQueries) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Start-up in stages, each evaluated in its own task (ADR 0058, 0073): `react`, `react-dom/client`, the router, the
 * query cache, `cn()`, the app shell, then the page. One static import graph was evaluated in a single task of ~300 ms
 * at Lighthouse's 4× CPU slowdown, all of it blocking time on a prerendered page, whose first paint comes before any
 * script.
 *
 * A visitor's prerendered page that is its whole first view (the gateway says so, ADR 0062) starts none of it while
 * the page loads: its code is fetched and it hydrates once the page has loaded and the browser is idle, or at first
 * use if that comes sooner (ADR 0065). Waiting for first use kept the main thread free at load, but then the first
 * tap waited for the whole app to load and hydrate (half a second on a phone).
 */
async function start(root: HTMLElement): Promise<void> {
  const visitor = meta('paymarket-viewer') === 'visitor';
  // A prerendered page's clicks on anything but a link are held until it has hydrated, then dispatched again
  // (ADR 0063): a button shown before its handler is attached still does what it says once the app is there.
  const watch = root.firstElementChild ? watchFirstUse() : undefined;
  const firstUse = watch !== undefined && meta('paymarket-hydrate') === 'on-first-use' && !keepsSellerTokens();
  // A view in the HTML paints before any of the app's code is fetched (ADR 0073); a complete visitor's view also waits
  // for the page to load and the browser to be idle, unless someone uses it first.
  if (firstUse) await Promise.race([watch.used, loadedAndIdle()]);
  else if (watch) await firstPaint();
  // Everything the page needs, fetched at once (the gateway lists it): not one import stage after another.
  for (const href of meta('paymarket-modules')?.split(' ').filter(Boolean) ?? []) {
    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' }));
  }
  // React, then react-dom, then each library every page starts with, each evaluated in a task of its own (ADR 0073):
  // the browser paints and handles input between them, and none is long enough to block it for long.
  const { startTransition } = await import('react');
  await nextTask();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  for (const load of LIBRARIES) {
    await nextTask();
    await load();
  }
  await nextTask();
  const { boot } = await import('./boot');
  const app = await boot(window.location.pathname, { visitor, state: sentState() });
  if (!root.firstElementChild) {
    createRoot(root).render(app);
    releaseHeld(watch);
    return;
  }
  // The gateway sent this page's first viewport rendered at build time (prerender.tsx, ADR 0044). With the page's code
  // loaded first, the whole view hydrates in one pass, before any query starts (a session answering between the nav
  // bar and the page would make them differ from the markup). As a transition, hydration yields to the browser every
  // few milliseconds.
  if (!firstUse) await nextTask();
  startTransition(() => {
    hydrateRoot(root, app);
  });
  releaseHeld(watch);
}

/**
 * Settles once the page has loaded, its first paint is on screen, and the browser has a moment with nothing to do (at
 * most a second after that). The app's code is fetched from then on (ADR 0073): on a slow network it no longer shares
 * the line with what the first paint needs.
 */
function loadedAndIdle(): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return Promise.all([loaded, firstPaint()]).then(
    () =>
      new Promise<void>((resolve) => {
        if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 1000 });
        else setTimeout(resolve, 0);
      }),
  );
}

/** Settles once the browser has painted the page's first content (or after a second, where paint timing is missing). */
function firstPaint(): Promise<void> {
  if (performance.getEntriesByName('first-contentful-paint').length > 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      observer?.disconnect();
      resolve();
    };
    let observer: PerformanceObserver | undefined;
    try {
      observer = new PerformanceObserver(done);
      observer.observe({ type: 'paint' });
    } catch {
      observer = undefined;
    }
    setTimeout(done, 1000);
  });
}

/** Clicks held until now go to the app: on a part not hydrated yet, a click makes React hydrate it at once. */
function releaseHeld(watch: ReturnType<typeof watchFirstUse> | undefined): void {
  watch?.release();
  for (const element of watch?.held() ?? []) if (element.isConnected) element.click();
}

void start(container);
