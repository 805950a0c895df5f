import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { ApiError } from '../http/api-error.js';
import { Doc, DocTag } from '../openapi/describe.js';

/** `latest.json` as `npm run build` writes it beside the tarball (libs/sdk/scripts/build.mjs). */
export interface SdkPackManifest {
  name: string;
  version: string;
  /** The OpenAPI `info.version` the SDK was generated from. */
  apiVersion: string;
  /** The tarball's name in the same folder, `paymarket-sdk-<version>.tgz`. */
  file: string;
  /** npm's `sha512-…` of the tarball (what package-lock.json records). */
  integrity: string;
}

/** GET /sdk/latest.json: the manifest, with where to install the SDK from. */
export interface SdkRelease extends SdkPackManifest {
  url: string;
  install: string;
}

const NOT_BUILT = 'The SDK is not built on this server: run `npm run build` (it packs libs/sdk into libs/sdk/pack).';
const RELEASE_SCHEMA = {
  type: 'object',
  required: ['name', 'version', 'apiVersion', 'file', 'integrity', 'url', 'install'],
  properties: {
    name: { type: 'string', const: '@paymarket/sdk' },
    version: { type: 'string', description: 'The SDK version, e.g. "1.0.0".' },
    apiVersion: { type: 'string', description: "The API version it targets (this document's info.version)." },
    file: { type: 'string', description: 'The tarball, e.g. "paymarket-sdk-1.0.0.tgz".' },
    integrity: { type: 'string', description: 'Subresource integrity of the tarball (sha512), as npm records it.' },
    url: { type: 'string', format: 'uri', description: 'Where to download the tarball.' },
    install: { type: 'string', description: 'The command that installs it: `npm install <url>`.' },
  },
};

/**
 * The integrator SDK as a tarball npm installs from a URL (ADR 0053): no registry needed, the version in the file
 * name, so an install pins exactly what this server built.
 */
@DocTag('SDK')
@Controller('sdk')
export class SdkDownloadController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  @Doc({
    summary: 'The current @paymarket/sdk tarball: its name, version, URL and the npm install command',
    schema: RELEASE_SCHEMA,
    errors: [404],
  })
  @Get('latest.json')
  async latest(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<SdkRelease> {
    const manifest = await this.manifest();
    const url = `${this.origin(request)}/sdk/${manifest.file}`;
    void reply.header('cache-control', 'no-cache');
    return { ...manifest, url, install: `npm install ${url}` };
  }

  @Doc({
    summary: 'Download @paymarket/sdk (`npm install <this URL>`); any other file name is 404',
    description: 'The file name is the one `GET /sdk/latest.json` names, `paymarket-sdk-<version>.tgz`.',
    schema: { type: 'string', format: 'binary' },
    contentType: 'application/gzip',
    errors: [404],
  })
  @Get(':file')
  async tarball(@Param('file') file: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const manifest = await this.manifest();
    if (file !== manifest.file) throw ApiError.of(404, `No SDK file ${file}; GET /sdk/latest.json names the current one.`);
    const etag = `"${manifest.integrity}"`;
    void reply.header('etag', etag).header('cache-control', 'public, max-age=86400');
    if (request.headers['if-none-match'] === etag) {
      void reply.status(304).send();
      return;
    }
    const body = await readFile(join(this.config.sdkPackDir!, manifest.file)).catch(() => {
      throw ApiError.of(404, NOT_BUILT);
    });
    void reply.type('application/gzip').header('content-disposition', `attachment; filename="${manifest.file}"`).send(body);
  }

  private async manifest(): Promise<SdkPackManifest> {
    if (!this.config.sdkPackDir) throw ApiError.of(404, NOT_BUILT);
    try {
      return JSON.parse(await readFile(join(this.config.sdkPackDir, 'latest.json'), 'utf8')) as SdkPackManifest;
    } catch {
      throw ApiError.of(404, NOT_BUILT);
    }
  }

  /** PUBLIC_URL when set; otherwise the origin the request came to (what the caller can reach). */
  private origin(request: FastifyRequest): string {
    return (this.config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
  }
}
