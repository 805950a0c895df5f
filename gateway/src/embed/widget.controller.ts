import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { etagMatches } from '../http/public-read-cache.js';
import { CompressedHtml, htmlEncoding } from '../web/compressed-html.js';

/** Where the web build writes the widget (web/vite.widget.config.ts), relative to the web build's folder. */
export const WIDGET_FILE = join('widget', 'paymarket-widget.js');
/** The snippet's URL never changes: caches ask again after five minutes (with the ETag, a 304 costs no bytes). */
export const WIDGET_CACHE_CONTROL = 'public, max-age=300';
export const VERSIONED_WIDGET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const WIDGET_VERSION_HEADER = 'x-paymarket-widget-version';
const BANNER = /^\/\*! PayMarket widget ([0-9a-f]{8,64})\b/;

/** The built widget: its bytes (compressed once) and its version, the content hash its build wrote in the banner. */
export class WidgetBundle {
  readonly version: string;
  private readonly bodies: CompressedHtml;

  constructor(source: string) {
    this.version = BANNER.exec(source)?.[1] ?? createHash('sha256').update(source).digest('hex').slice(0, 16);
    this.bodies = new CompressedHtml(source);
  }

  static load(webDist: string | undefined): WidgetBundle | undefined {
    const file = webDist === undefined ? undefined : join(webDist, WIDGET_FILE);
    return file !== undefined && existsSync(file) ? new WidgetBundle(readFileSync(file, 'utf8')) : undefined;
  }

  send(request: FastifyRequest, reply: FastifyReply, cacheControl: string): void {
    const etag = `"${this.version}"`;
    void reply
      .header('cache-control', cacheControl)
      .header('etag', etag)
      .header(WIDGET_VERSION_HEADER, this.version)
      .header('vary', 'accept-encoding')
      // Helmet's same-origin policy would stop every other site's <script src> from loading it.
      .header('cross-origin-resource-policy', 'cross-origin');
    const ifNoneMatch = request.headers['if-none-match'];
    if (etagMatches(typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined, etag)) {
      void reply.status(304).send();
      return;
    }
    const encoding = htmlEncoding(request.headers['accept-encoding']);
    void reply.type('application/javascript; charset=utf-8');
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    void reply.send(this.bodies.body(encoding));
  }
}

/**
 * The embed widget's script (ADR 0052): `/widget.js` for the snippet marketplaces paste (revalidated), and the same
 * bytes at `/widget/<version>.js` for pages that pin one (cached for good).
 */
@Controller()
export class WidgetController {
  private readonly widget: WidgetBundle | undefined;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.widget = WidgetBundle.load(config.webDist);
  }

  @Get('widget.js')
  @ApiExcludeEndpoint()
  latest(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    if (this.widget === undefined) return notBuilt(reply);
    this.widget.send(request, reply, WIDGET_CACHE_CONTROL);
  }

  @Get('widget/:file')
  @ApiExcludeEndpoint()
  pinned(@Param('file') file: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    if (this.widget === undefined) return notBuilt(reply);
    if (file !== `${this.widget.version}.js`) {
      void reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send('Not found');
      return;
    }
    this.widget.send(request, reply, VERSIONED_WIDGET_CACHE_CONTROL);
  }
}

function notBuilt(reply: FastifyReply): void {
  void reply.status(503).type('text/plain; charset=utf-8').send('The widget is not built yet. Run `npm run build`.');
}
