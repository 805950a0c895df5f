import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDomainName, normaliseDomain } from '@paymarket/contracts';
import { createLogger } from '@paymarket/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { ApiError } from '../http/api-error.js';
import { checkoutFrameAncestors, EMBED_CHECKOUT_PATH, withFrameAncestors } from '../embed/embed-access.js';
import { EmbedMarketplaceCache } from '../embed/embed-marketplaces.js';
import { carriesSessionCookie } from '../auth/session-cookies.js';
import { CompressedHtml, htmlEncoding } from './compressed-html.js';
import { pageOf, pagePreloads, prerenderedPages, visitorMeta, withView } from './route-preload.js';
import { LiveViews, type LiveViewPage } from './live-views.js';

const log = createLogger('spa');

/**
 * A path whose last segment names a file of these kinds is a request for a file, never a page: when the static files
 * did not have it, it is a plain 404 (a script tag or stylesheet given the app's HTML fails in confusing ways).
 */
const ASSET_PATH =
  /\.(?:js|mjs|cjs|jsx|ts|tsx|css|map|png|jpe?g|gif|svg|ico|webp|avif|bmp|woff2?|ttf|otf|eot|json|txt|xml|wasm|tgz|gz|br|zip|pdf|html?|webmanifest|mp3|mp4|webm)$/i;

/** Folders of files the gateway serves itself (the SDK, the widget, the API reference's assets): never pages. */
const FILE_FOLDERS = ['/sdk/', '/widget/', '/documentation/'];

export function isAssetPath(path: string): boolean {
  const last = path.slice(path.lastIndexOf('/') + 1);
  // A name their own route did not take (unknown, or longer than a route parameter may be) is a missing file too.
  return ASSET_PATH.test(last) || FILE_FOLDERS.some((folder) => path.startsWith(folder));
}

/**
 * Client-side routes (/sellers, /join, …) get the web app's index.html; the app's router shows its own 404 page.
 * Unknown /api paths stay JSON 404s, and unknown files (`/nope.js`) plain-text 404s.
 */
@Controller()
export class SpaController {
  private readonly indexHtml: CompressedHtml | undefined;
  private readonly pages = new Map<string, CompressedHtml>();
  private readonly prerendered = new Map<string, { visitor: CompressedHtml; unknown: CompressedHtml }>();

  private readonly production: boolean;
  /** A live list's view in its page's HTML, for a visitor, hydrated on first use (ADR 0063). */
  private readonly livePage: LiveViewPage = () => undefined;
  /** A view rendered for one request in its page's HTML, hydrated at load (ADR 0065). */
  private readonly firstViewPage: (path: string, markup: string, state: string) => string | undefined = () => undefined;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly marketplaces: EmbedMarketplaceCache,
    private readonly liveViews: LiveViews,
  ) {
    this.production = config.production;
    const index = config.webDist ? join(config.webDist, 'index.html') : undefined;
    const indexHtml = index && existsSync(index) ? readFileSync(index, 'utf8') : undefined;
    if (!config.webDist || indexHtml === undefined) return;
    this.indexHtml = new CompressedHtml(indexHtml);
    const pages = pagePreloads(config.webDist, indexHtml);
    for (const [page, { html }] of pages) this.pages.set(page, new CompressedHtml(html));
    // Prerendered first viewports (ADR 0044) only for the bare path: a query string (?provider=…, ?mine=1) can change
    // the first render, and the app must hydrate exactly the markup it would render.
    for (const [path, html] of prerenderedPages(config.webDist, indexHtml, pages)) {
      this.prerendered.set(path, { visitor: new CompressedHtml(html.visitor), unknown: new CompressedHtml(html.unknown) });
    }
    const webDist = config.webDist;
    this.livePage = (path, markup, after) =>
      withView(webDist, indexHtml, pages.get(pageOf(path) ?? ''), markup, { meta: visitorMeta(true), after });
    this.firstViewPage = (path, markup, after) => withView(webDist, indexHtml, pages.get(pageOf(path) ?? ''), markup, { meta: '', after });
  }

  @Get('*')
  @ApiExcludeEndpoint()
  async fallback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const [path = '/', query] = request.url.split('?', 2);
    if (path === '/api' || path.startsWith('/api/')) throw ApiError.of(404, `No API route GET ${path}`);
    if (isAssetPath(path)) {
      void reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(`Not found: ${path}`);
      return;
    }
    if (path === EMBED_CHECKOUT_PATH) await this.allowFraming(query, reply);
    if (!this.indexHtml) {
      void reply.status(503).type('text/plain; charset=utf-8').send('The web app is not built yet. Run `npm run build`.');
      return;
    }
    const page = pageOf(path);
    const withCookie = carriesSessionCookie(request);
    // A prerendered page differs by whether the request carries a session cookie (ADR 0062): a visitor's is signed out.
    const prerendered = query === undefined ? this.prerendered.get(path) : undefined;
    const visitor = prerendered !== undefined && !withCookie;
    // A visitor's live list (ADR 0063): its first page in the view; without one, the prerendered skeleton.
    const live = visitor ? await this.liveViews.html(path, this.livePage) : undefined;
    // Anyone else, on any page: the view rendered for them, with their sessions and the page's first answers (ADR 0065).
    const rendered = live === undefined && !visitor && path !== EMBED_CHECKOUT_PATH ? await this.firstView(request, withCookie) : undefined;
    if (rendered !== undefined && 'redirect' in rendered) {
      void reply.header('cache-control', 'no-cache').redirect(rendered.redirect, 302);
      return;
    }
    const own = rendered?.html;
    const html =
      live ??
      own ??
      (prerendered && (visitor ? prerendered.visitor : prerendered.unknown)) ??
      (page === undefined ? undefined : this.pages.get(page)) ??
      this.indexHtml;
    const encoding = htmlEncoding(request.headers['accept-encoding']);
    void reply
      .type('text/html; charset=utf-8')
      // A view rendered with someone's session is theirs alone: no shared cache keeps it.
      .header('cache-control', own !== undefined && withCookie ? 'private, no-cache' : 'no-cache')
      .header('vary', 'accept-encoding, cookie');
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    void reply.send(html.body(encoding));
  }

  /** The page's first view rendered for this request (ADR 0065), or undefined: the page then comes without it. */
  private async firstView(
    request: FastifyRequest,
    withCookie: boolean,
  ): Promise<{ html: CompressedHtml } | { redirect: string } | undefined> {
    const { localAddress, localPort } = request.socket ?? {};
    if (localAddress === undefined || localPort === undefined) return undefined;
    // The gateway as this request reached it (an IPv4-mapped or IPv6 address in brackets).
    const host = localAddress.startsWith('::ffff:')
      ? localAddress.slice(7)
      : localAddress.includes(':')
        ? `[${localAddress}]`
        : localAddress;
    const view = await this.liveViews.firstView(request.url, {
      origin: `http://${host}:${localPort}`,
      cookie: request.headers.cookie,
      clientIp: request.ip,
      visitor: !withCookie,
    });
    if (view === undefined || 'redirect' in view) return view;
    const body = this.firstViewPage(request.url.split('?', 1)[0] ?? '/', view.markup, view.state);
    return body === undefined ? undefined : { html: new CompressedHtml(body) };
  }

  /**
   * The embedded checkout (ADR 0052) may be framed by the pages of the marketplace it is opened for, and only by
   * them: frame-ancestors from its domains instead of 'self', and no X-Frame-Options (which knows no list of sites).
   * Not taking orders, unknown, or not answering: 'none'. Every other page keeps refusing other sites' frames.
   */
  private async allowFraming(query: string | undefined, reply: FastifyReply): Promise<void> {
    const domain = normaliseDomain(new URLSearchParams(query ?? '').get('marketplace') ?? '');
    let ancestors = "'none'";
    if (isDomainName(domain)) {
      try {
        ancestors = checkoutFrameAncestors(await this.marketplaces.byDomain(domain as string), this.production);
      } catch (err) {
        log.warn({ err, domain }, 'marketplace lookup failed; the checkout refuses every frame');
      }
    }
    const csp = reply.getHeader('content-security-policy');
    void reply.header('content-security-policy', withFrameAncestors(typeof csp === 'string' ? csp : '', ancestors));
    reply.removeHeader('x-frame-options');
  }
}
