import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/** A page's index.html with its chunks preloaded, and those files (with what the entry imports) by name. */
export interface PageHtml {
  html: string;
  /** Every script the page starts with but the entry: what main.tsx preloads itself after the first paint (ADR 0073). */
  modules: string[];
}

/**
 * index.html for each page with `<link rel="modulepreload">` for that page's chunks (ADR 0044), read from Vite's
 * build manifest: the browser fetches the page's code beside the entry instead of after running it, one round trip
 * less before the first paint. Pages are `web/src/pages/<path>.tsx` for one-segment paths (`/` is home); any other path, or
 * a build without a manifest, gets index.html as it is.
 */
export function pagePreloads(webDist: string, indexHtml: string): Map<string, PageHtml> {
  const pages = new Map<string, PageHtml>();
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile) || !indexHtml.includes('</head>')) return pages;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const loadedByEntry = new Set(entryKeys.flatMap((key) => closure(manifest, key)));
  // What the entry imports (Vite's loader): index.html preloads it already.
  const importedByEntry = [...loadedByEntry].filter((file) => !entryKeys.some((key) => manifest[key]!.file === file));
  // The entry starts the app in stages, each a dynamic import evaluated in its own task (React, then the app shell,
  // ADR 0058): every page needs them, so they are preloaded with the page's chunks rather than fetched one by one.
  const startUp = entryKeys.flatMap((key) => (manifest[key]!.dynamicImports ?? []).flatMap((child) => closure(manifest, child)));
  for (const key of Object.keys(manifest)) {
    const match = /^src\/pages\/([a-z0-9-]+)\.tsx$/.exec(key);
    if (!match) continue;
    const files = [...new Set([...startUp, ...closure(manifest, key)])].filter((chunk) => !loadedByEntry.has(chunk));
    const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
    pages.set(match[1] === 'home' ? '' : match[1]!, {
      html: indexHtml.replace('</head>', `${links}</head>`),
      modules: [...importedByEntry, ...files].map((file) => `/${file}`),
    });
  }
  return pages;
}

/** A prerendered page's HTML for each kind of request (ADR 0062). */
export interface PrerenderedHtml {
  /** A request without any session cookie: the signed-out view, which the browser hydrates without asking the sessions. */
  visitor: string;
  /** A request with one: every session check pending until the browser asks. */
  unknown: string;
}

/** What the web build writes per path (web/src/prerender.tsx, `PrerenderedPath`). */
interface PrerenderedPath {
  unknown: string;
  visitor: string;
  visitorComplete: boolean;
}

/** `<meta name="paymarket-viewer">` of a visitor's view, and whether main.tsx hydrates it on first use (ADR 0062). */
export function visitorMeta(firstUse: boolean): string {
  return `<meta name="paymarket-viewer" content="visitor">${firstUse ? '<meta name="paymarket-hydrate" content="on-first-use">' : ''}`;
}

/** How a page's HTML carries a prerendered view. */
export interface ViewOptions {
  /** Tags for `<head>`. */
  meta: string;
  /** Put after `#root` (a live view's query cache, ADR 0063). */
  after?: string;
}

/**
 * The first paint waits until the whole of `#root` is parsed (ADR 0063): the browser parses, styles and lays out the
 * view in one go before it paints, instead of painting the top, then parsing the rest in slices, each followed by
 * another style and layout of the page, all of it after the first paint and so blocking time (Lighthouse at ×16 on
 * static copies: `/` 0.94–0.98 → 0.98–0.99). Browsers without `rel=expect` paint as before.
 */
const RENDER_WHOLE_VIEW = '<link rel="expect" href="#root" blocking="render">';

/**
 * A page's HTML with `markup` in `<div id="root">`: the first viewport paints before any script runs and the app
 * hydrates it. As nothing on first paint waits for a script, the stylesheet is inlined (one round trip less before it)
 * and the page's code is not fetched while the page loads: its files are listed in `<meta name="paymarket-modules">`,
 * which main.tsx preloads all at once after the first paint (ADR 0073), so on a slow network they do not share the
 * line with what that paint needs. Undefined when index.html has no empty root to fill.
 */
export function withView(
  webDist: string,
  indexHtml: string,
  page: PageHtml | undefined,
  markup: string,
  view: ViewOptions,
): string | undefined {
  if (!indexHtml.includes(EMPTY_ROOT) || !indexHtml.includes('</head>')) return undefined;
  const modules = `<meta name="paymarket-modules" content="${(page?.modules ?? []).join(' ')}">`;
  const meta = `${view.meta}${modules}${RENDER_WHOLE_VIEW}`;
  const withRoot = indexHtml
    // The entry's own imports too (Vite's runtime and preload helper): the entry is fetched after what the paint needs.
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace('</head>', () => `${meta}</head>`)
    .replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>${view.after ?? ''}`)
    .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"');
  return inlineStylesheets(webDist, withRoot);
}

/**
 * The pages the web build prerendered (`.vite/prerender.json`, ADR 0044), each as its HTML (`withView`). The
 * visitor's HTML says so in `<meta name="paymarket-viewer">`, and, when its view is the whole first view (no list to
 * load), is hydrated on first use (ADR 0062). Keyed by exact path (`/sellers`, not `/sellers/`); none when the build
 * wrote no such file.
 */
export function prerenderedPages(webDist: string, indexHtml: string, pages: ReadonlyMap<string, PageHtml>): Map<string, PrerenderedHtml> {
  const prerendered = new Map<string, PrerenderedHtml>();
  const file = join(webDist, '.vite', 'prerender.json');
  if (!existsSync(file)) return prerendered;
  const shells = JSON.parse(readFileSync(file, 'utf8')) as Record<string, PrerenderedPath>;
  for (const [path, shell] of Object.entries(shells)) {
    const key = pageOf(path);
    if (key === undefined) continue;
    const page = pages.get(key);
    const visitor = withView(webDist, indexHtml, page, shell.visitor, { meta: visitorMeta(shell.visitorComplete) });
    const unknown = withView(webDist, indexHtml, page, shell.unknown, { meta: '' });
    if (visitor !== undefined && unknown !== undefined) prerendered.set(path, { visitor, unknown });
  }
  return prerendered;
}

const EMPTY_ROOT = '<div id="root"></div>';

/** `<link rel="stylesheet" href="/assets/…">` replaced by a `<style>` with the file's text (the CSP allows inline styles). */
function inlineStylesheets(webDist: string, html: string): string {
  return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g, (tag, asset: string) => {
    const file = join(webDist, asset);
    const css = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    return css === undefined || css.includes('</') ? tag : `<style>${css}</style>`;
  });
}

/** The files of a chunk and of everything it imports statically. */
function closure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key) || !manifest[key]) return [];
  seen.add(key);
  return [manifest[key].file, ...(manifest[key].imports ?? []).flatMap((child) => closure(manifest, child, seen))];
}

/** The page key of a one-segment path ('' for /); deeper paths (/sellers/edit/…) are other pages: none. */
export function pageOf(path: string): string | undefined {
  const segments = path.replace(/\/$/, '').split('/');
  return segments.length <= 2 ? (segments[1] ?? '') : undefined;
}
