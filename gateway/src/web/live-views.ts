import { Inject, Injectable } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLogger } from '@paymarket/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { loadShowcasePage, SHOWCASE_PATH, showcaseCacheKey, ShowcaseCache } from '../catalog/showcase-cache.js';
import { BoardCache, boardFirstPage, boardPageKey, loadBoardPage } from '../requests/board-cache.js';
import { loopbackHeaders } from '../http/client-address.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import type { CachedAnswer, PublicReadCache } from '../http/public-read-cache.js';
import { CompressedHtml } from './compressed-html.js';

const log = createLogger('live-views');

/** What the web build's server module exports for the gateway (web/src/prerender.tsx, built to `.vite/ssr`). */
export interface LiveViewRenderer {
  LIVE_LISTS: Readonly<Record<string, { api: string; limit?: number }>>;
  renderLiveView(path: string, firstPage: unknown): Promise<{ markup: string; state: string } | undefined>;
  /** A page's first view for one request, its queries answered through `fetch` (ADR 0065); absent in older builds. */
  renderFirstView?(
    url: string,
    options: { visitor: boolean; fetch: typeof globalThis.fetch },
  ): Promise<{ markup: string; state: string; complete: boolean } | { redirect: string } | undefined>;
}

/** Where and as whom a view rendered for one request reads the API: the gateway itself, with the request's cookies. */
export interface FirstViewRequest {
  /** The gateway's own origin as the request reached it (`http://127.0.0.1:3000`). */
  origin: string;
  /** The request's Cookie header, if any. */
  cookie: string | undefined;
  /** The address of the person the view is for: the reads made for them count against it (client-address.ts). */
  clientIp: string;
  visitor: boolean;
}

/** A page's view rendered for one request, with its state's `<script>`; or the path its route redirects to. */
export type FirstView = { markup: string; state: string } | { redirect: string };

/** How long a view rendered for one request may wait for its answers before the page is sent without them. */
export const FIRST_VIEW_TIMEOUT_MS = 1500;

/** Where the web build writes its server module. */
export function liveViewModule(webDist: string): string {
  return join(webDist, '.vite', 'ssr', 'prerender.js');
}

/** A list's first page as the gateway's own read path answers it: the same cache, key and loader as the API's. */
interface ListSource {
  cache: PublicReadCache;
  key: string;
  load: () => Promise<unknown>;
}

/** Builds the page's HTML around a rendered view and the query cache it came from (SpaController). */
export type LiveViewPage = (path: string, markup: string, state: string) => string | undefined;

/**
 * A visitor's first view of the live lists (/sellers, /buyer-requests), rendered with the list's first page in it
 * instead of its skeleton (ADR 0063): the view is then the whole first view, and is hydrated on first use like `/`
 * and `/payment` (ADR 0062), so no app code runs at load. The list comes from the gateway's public read cache, the
 * one its API answers from (no extra read of the services), and the page is rendered once per version of that
 * answer (its ETag): a change announced to the cache is a new version, and the next visitor's page shows it. With no
 * server module in the web build, or when the list cannot be read or rendered, there is no live view and the visitor
 * gets the prerendered skeleton, which loads the list in the browser as before.
 */
@Injectable()
export class LiveViews {
  private renderer: Promise<LiveViewRenderer | undefined> | undefined;
  private readonly rendered = new Map<string, { etag: string; html: Promise<CompressedHtml | undefined> }>();
  /** By API path: the first page of `limit` items (the API's default without) as the API reads and keeps it. */
  private readonly sources: Record<string, (limit: number | undefined) => ListSource>;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    showcase: ShowcaseCache,
    board: BoardCache,
    rpc: GatewayRpc,
  ) {
    this.sources = {
      [SHOWCASE_PATH]: (limit) => ({ cache: showcase, key: showcaseCacheKey({ limit }), load: () => loadShowcasePage(rpc, { limit }) }),
      '/api/buyer-requests': (limit) => {
        const filters = boardFirstPage(limit);
        return { cache: board, key: boardPageKey(filters), load: () => loadBoardPage(rpc, filters) };
      },
    };
  }

  /** The HTML of `path`'s live view for a visitor, or undefined (no live list there, or none to show now). */
  async html(path: string, page: LiveViewPage): Promise<CompressedHtml | undefined> {
    const renderer = await this.load();
    const list = renderer?.LIVE_LISTS[path];
    const source = list && this.sources[list.api]?.(list.limit);
    if (renderer === undefined || !source) return undefined;
    let answer: CachedAnswer;
    try {
      ({ answer } = await source.cache.load(source.key, source.load));
    } catch (err) {
      log.warn({ err, path }, 'the list of a live view could not be read; the visitor gets the skeleton');
      return undefined;
    }
    const kept = this.rendered.get(path);
    if (kept?.etag === answer.etag) return kept.html;
    // One render per version, shared by the visitors who ask while it runs.
    const html = renderer.renderLiveView(path, JSON.parse(answer.body) as unknown).then(
      (view) => {
        const body = view && page(path, view.markup, `<script type="application/json" id="paymarket-state">${view.state}</script>`);
        return body === undefined ? undefined : new CompressedHtml(body);
      },
      (err: unknown) => {
        log.warn({ err, path }, 'a live view failed to render; the visitor gets the skeleton');
        return undefined;
      },
    );
    this.rendered.set(path, { etag: answer.etag, html });
    return html;
  }

  /**
   * The first view of `url` rendered for the person asking (ADR 0065): the page as the app renders it with the answers
   * to the queries it asks for, read from the gateway's own API with the request's cookies (the session checks, then
   * what they decide: a buyer's orders). Undefined without the server module, when the render fails, or when the
   * API does not answer in time: the page then comes as before (prerendered, or empty) and the browser asks.
   */
  async firstView(url: string, request: FirstViewRequest): Promise<FirstView | undefined> {
    const renderer = await this.load();
    if (!renderer?.renderFirstView) return undefined;
    const deadline = AbortSignal.timeout(FIRST_VIEW_TIMEOUT_MS);
    const fetchApi: typeof globalThis.fetch = (input, init) => {
      // The app's queries name API paths; nothing else is fetched on a person's behalf.
      if (typeof input !== 'string' || !input.startsWith('/api/')) return Promise.reject(new Error(`not an API path: ${String(input)}`));
      const headers = new Headers(init?.headers);
      if (request.cookie !== undefined) headers.set('cookie', request.cookie);
      for (const [name, value] of Object.entries(loopbackHeaders(request.clientIp))) headers.set(name, value);
      return fetch(new URL(String(input), request.origin), { ...init, headers, signal: deadline });
    };
    try {
      const view = await renderer.renderFirstView(url, { visitor: request.visitor, fetch: fetchApi });
      if (view === undefined) return undefined;
      // A route that redirects (a loader's `redirect`): within this site only.
      if ('redirect' in view) return /^\/(?!\/)/.test(view.redirect) ? { redirect: view.redirect } : undefined;
      return { markup: view.markup, state: `<script type="application/json" id="paymarket-state">${view.state}</script>` };
    } catch (err) {
      log.warn({ err, url }, 'a first view failed to render; the page comes without it');
      return undefined;
    }
  }

  /** The paths with a live view in this build. */
  async paths(): Promise<string[]> {
    return Object.keys((await this.load())?.LIVE_LISTS ?? {});
  }

  private load(): Promise<LiveViewRenderer | undefined> {
    this.renderer ??= (async () => {
      const file = this.config.webDist ? liveViewModule(this.config.webDist) : undefined;
      if (file === undefined || !existsSync(file)) return undefined;
      try {
        return (await import(pathToFileURL(file).href)) as LiveViewRenderer;
      } catch (err) {
        log.warn({ err, file }, 'the web build’s server module failed to load; lists are prerendered as skeletons');
        return undefined;
      }
    })();
    return this.renderer;
  }
}
