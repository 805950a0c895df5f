import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../gateway.config.js';
import { SdkDownloadController, type SdkPackManifest } from './sdk-download.controller.js';

const MANIFEST: SdkPackManifest = {
  name: '@paymarket/sdk',
  version: '1.2.3',
  apiVersion: '1.0.0',
  file: 'paymarket-sdk-1.2.3.tgz',
  integrity: 'sha512-abc',
};

function reply(): FastifyReply & { sent?: unknown; headers: Record<string, string>; code?: number } {
  const fake = {
    headers: {} as Record<string, string>,
    header(name: string, value: string) {
      fake.headers[name] = value;
      return fake;
    },
    type(value: string) {
      fake.headers['content-type'] = value;
      return fake;
    },
    status(code: number) {
      (fake as { code?: number }).code = code;
      return fake;
    },
    send(body?: unknown) {
      (fake as { sent?: unknown }).sent = body;
      return fake;
    },
  };
  return fake as unknown as FastifyReply & { sent?: unknown; headers: Record<string, string>; code?: number };
}

const request = (headers: Record<string, string> = {}) =>
  ({ protocol: 'http', host: 'localhost:3000', headers }) as unknown as FastifyRequest;

function controller(config: Partial<GatewayConfig>): SdkDownloadController {
  return new SdkDownloadController(config as GatewayConfig);
}

describe(SdkDownloadController.name, () => {
  let folder: string;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'paymarket-sdk-pack-'));
    writeFileSync(join(folder, 'latest.json'), JSON.stringify(MANIFEST));
    writeFileSync(join(folder, MANIFEST.file), 'tarball bytes');
    writeFileSync(join(folder, 'other.tgz'), 'not served');
  });

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('answers 404 saying how to build it when nothing is packed', async () => {
    await expect(controller({}).latest(request(), reply())).rejects.toMatchObject({ body: { statusCode: 404, message: /npm run build/ } });
    await expect(controller({ sdkPackDir: join(folder, 'missing') }).tarball(MANIFEST.file, request(), reply())).rejects.toMatchObject({
      body: { statusCode: 404 },
    });
  });

  it('names the tarball on PUBLIC_URL, else on the origin the request came to', async () => {
    const sut = controller({ sdkPackDir: folder, publicUrl: 'https://pay.acme.test/' });
    expect(await sut.latest(request(), reply())).toEqual({
      ...MANIFEST,
      url: 'https://pay.acme.test/sdk/paymarket-sdk-1.2.3.tgz',
      install: 'npm install https://pay.acme.test/sdk/paymarket-sdk-1.2.3.tgz',
    });
    expect((await controller({ sdkPackDir: folder }).latest(request(), reply())).url).toBe(
      'http://localhost:3000/sdk/paymarket-sdk-1.2.3.tgz',
    );
  });

  it('serves only the file the manifest names', async () => {
    const sut = controller({ sdkPackDir: folder });
    const answer = reply();
    await sut.tarball(MANIFEST.file, request(), answer);
    expect(String(answer.sent)).toBe('tarball bytes');
    expect(answer.headers).toMatchObject({
      'content-type': 'application/gzip',
      etag: '"sha512-abc"',
      'cache-control': 'public, max-age=86400',
    });
    for (const name of ['other.tgz', 'latest.json', '../latest.json', 'paymarket-sdk-1.2.2.tgz']) {
      await expect(sut.tarball(name, request(), reply())).rejects.toMatchObject({ body: { statusCode: 404 } });
    }
  });

  it('answers 304 to a request that has the same ETag', async () => {
    const answer = reply();
    await controller({ sdkPackDir: folder }).tarball(MANIFEST.file, request({ 'if-none-match': '"sha512-abc"' }), answer);
    expect(answer.code).toBe(304);
    expect(answer.sent).toBeUndefined();
  });
});
