import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { ApiError } from '../http/api-error.js';
import { pageOf, pagePreloads } from './route-preload.js';

/**
 * Client-side routes (/sellers, /join, …) get the web app's index.html; the app's router shows its own 404 page.
 * Unknown /api paths stay JSON 404s.
 */
@Controller()
export class SpaController {
  private readonly indexHtml: string | undefined;
  private readonly pages = new Map<string, string>();

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const index = config.webDist ? join(config.webDist, 'index.html') : undefined;
    this.indexHtml = index && existsSync(index) ? readFileSync(index, 'utf8') : undefined;
    if (config.webDist && this.indexHtml) this.pages = pagePreloads(config.webDist, this.indexHtml);
  }

  @Get('*')
  @ApiExcludeEndpoint()
  fallback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) throw ApiError.of(404, `No API route GET ${path}`);
    if (!this.indexHtml) {
      void reply.status(503).type('text/plain; charset=utf-8').send('The web app is not built yet. Run `npm run build`.');
      return;
    }
    const page = pageOf(path);
    const html = (page === undefined ? undefined : this.pages.get(page)) ?? this.indexHtml;
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  }
}
