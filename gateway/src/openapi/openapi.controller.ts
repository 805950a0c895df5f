import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Controller, Get, Header, Injectable, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiExcludeEndpoint, type OpenAPIObject } from '@nestjs/swagger';
import { ApiError } from '../http/api-error.js';
import { Doc, DocTag } from './describe.js';

/** The built document, set once at start (createGatewayApp) and served as it is. */
@Injectable()
export class OpenApiDocumentHolder {
  private json = '';

  set(document: OpenAPIObject): void {
    this.json = JSON.stringify(document);
  }

  get(): string {
    return this.json;
  }
}

/** Where the page loads swagger-ui-dist's files from: this process, never a CDN. */
export const SWAGGER_UI_ASSETS = '/documentation/assets/';

/** The only files of swagger-ui-dist the page needs, read once from node_modules. */
const ASSET_TYPES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};
const assetCache = new Map<string, Buffer>();

function swaggerUiAsset(name: string): Buffer {
  let content = assetCache.get(name);
  if (!content) {
    const folder = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
    content = readFileSync(join(folder, name));
    assetCache.set(name, content);
  }
  return content;
}

// No inline script: the CSP allows scripts from 'self' only, so the page loads its start-up code as a file.
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>PayMarket API reference</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="stylesheet" href="${SWAGGER_UI_ASSETS}swagger-ui.css" />
  </head>
  <body>
    <header style="font-family: system-ui, sans-serif; padding: 12px 20px; border-bottom: 1px solid #ddd">
      <strong>PayMarket API reference</strong> ·
      <a href="/documentation.html">Guide</a> ·
      <a href="/api/openapi.json">openapi.json</a> ·
      <a href="/developers">Developer console</a>
    </header>
    <main id="swagger-ui"></main>
    <script src="${SWAGGER_UI_ASSETS}swagger-ui-bundle.js"></script>
    <script src="/documentation/init.js"></script>
  </body>
</html>
`;

const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    // Tags start collapsed: a reader opens the section they need. With every tag open, Swagger UI 5.35 stops rendering
    // after the first few operations once the document has more than about 110 paths (it now has 112).
    docExpansion: 'none',
  });
});
`;

/** GET /api/openapi.json and the browsable reference at /documentation (ADR 0035). */
@Controller()
@DocTag('Reference')
export class OpenApiController {
  constructor(private readonly holder: OpenApiDocumentHolder) {}

  @Get('api/openapi.json')
  @Header('content-type', 'application/json; charset=utf-8')
  @Header('cache-control', 'no-cache')
  @Doc({ summary: 'This document (OpenAPI 3.1)', schema: { type: 'object' } })
  document(): string {
    return this.holder.get();
  }

  @Get('documentation')
  @ApiExcludeEndpoint()
  @Header('content-type', 'text/html; charset=utf-8')
  page(): string {
    return PAGE;
  }

  @Get('documentation/assets/:file')
  @ApiExcludeEndpoint()
  asset(@Param('file') file: string, @Res() reply: FastifyReply): void {
    const type = Object.hasOwn(ASSET_TYPES, file) ? ASSET_TYPES[file] : undefined;
    if (!type) throw ApiError.of(404, 'Not found.');
    void reply.type(type).header('cache-control', 'public, max-age=86400').send(swaggerUiAsset(file));
  }

  @Get('documentation/init.js')
  @ApiExcludeEndpoint()
  @Header('content-type', 'text/javascript; charset=utf-8')
  init(): string {
    return INIT;
  }
}
