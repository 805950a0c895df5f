import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { ApiError } from '../http/api-error.js';
import { CompressedHtml, htmlEncoding } from './compressed-html.js';
import { pageOf, pagePreloads, prerenderedPages } from './route-preload.js';

/**
 * Client-side routes (/sellers, /join, …) get the web app's index.html; the app's router shows its own 404 page.
 * Unknown /api paths stay JSON 404s.
 */
@Controller()
export class SpaController {
  private readonly indexHtml: CompressedHtml | undefined;
  private readonly pages = new Map<string, CompressedHtml>();
  private readonly prerendered = new Map<string, CompressedHtml>();

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const index = config.webDist ? join(config.webDist, 'index.html') : undefined;
    const indexHtml = index && existsSync(index) ? readFileSync(index, 'utf8') : undefined;
    if (!config.webDist || indexHtml === undefined) return;
    this.indexHtml = new CompressedHtml(indexHtml);
    const pages = pagePreloads(config.webDist, indexHtml);
    for (const [page, html] of pages) this.pages.set(page, new CompressedHtml(html));
    // Prerendered first viewports (ADR 0044) only for the bare path: a query string (?provider=…, ?mine=1) can change
    // the first render, and the app must hydrate exactly the markup it would render.
    for (const [path, html] of prerenderedPages(config.webDist, (page) => pages.get(page) ?? indexHtml)) {
      this.prerendered.set(path, new CompressedHtml(html));
    }
  }

  @Get('*')
  @ApiExcludeEndpoint()
  fallback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    const [path = '/', query] = request.url.split('?', 2);
    if (path === '/api' || path.startsWith('/api/')) throw ApiError.of(404, `No API route GET ${path}`);
    if (!this.indexHtml) {
      void reply.status(503).type('text/plain; charset=utf-8').send('The web app is not built yet. Run `npm run build`.');
      return;
    }
    const page = pageOf(path);
    const html =
      (query === undefined ? this.prerendered.get(path) : undefined) ??
      (page === undefined ? undefined : this.pages.get(page)) ??
      this.indexHtml;
    const encoding = htmlEncoding(request.headers['accept-encoding']);
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    void reply.send(html.body(encoding));
  }
}
