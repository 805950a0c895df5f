import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { InProcessBroker } from '@paymarket/platform';
import { WEBHOOK_EVENT_TYPES } from '@paymarket/contracts';
import { DEFAULT_BODY_LIMIT } from '../gateway.config.js';
import { createGatewayApp, registeredRoutes } from '../start-gateway.js';
import { OpenApiDocumentHolder } from './openapi.controller.js';
import { GENERATED_PATHS, generateSources } from './sdk-sources.js';

jest.setTimeout(60_000);

const root = fileURLToPath(new URL('../../../', import.meta.url));

type Operation = { summary?: string; responses?: Record<string, unknown>; security?: unknown[]; operationId?: string };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, unknown>;
  components: { schemas: Record<string, unknown> };
};

/** Routes that are not API operations: the web app's fallback, static files and the reference page itself. */
function isApiRoute(method: string, url: string): boolean {
  if (method === 'HEAD' || method === 'OPTIONS') return false;
  if (url === '*' || url === '/*') return false;
  if (url === '/documentation' || url.startsWith('/documentation/')) return false;
  return url.startsWith('/api');
}

describe('the OpenAPI document', () => {
  let app: NestFastifyApplication;
  let document: Document;

  beforeAll(async () => {
    app = await createGatewayApp({
      port: 0,
      host: '127.0.0.1',
      production: false,
      rpcTimeoutMs: 1000,
      bodyLimitBytes: DEFAULT_BODY_LIMIT,
      messaging: { kind: 'in-process', broker: new InProcessBroker(), prefetch: 1 },
    });
    await app.init();
    document = JSON.parse(app.get(OpenApiDocumentHolder).get()) as Document;
  });

  afterAll(async () => {
    await app?.close();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect((document as unknown as { openapi: string }).openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('describes every API route the gateway registers, each with a summary, a success answer and errors', () => {
    const routes = registeredRoutes(app).filter((r) => isApiRoute(r.method, r.url));
    expect(routes.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const { method, url } of routes) {
      const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const operation = document.paths[path]?.[method.toLowerCase()];
      if (!operation) {
        problems.push(`${method} ${url}: not in the document`);
        continue;
      }
      if (!operation.summary) problems.push(`${method} ${url}: no summary (add @Doc({ summary, ... }))`);
      const statuses = Object.keys(operation.responses ?? {});
      if (!statuses.some((s) => s.startsWith('2'))) problems.push(`${method} ${url}: no success response`);
      if (!statuses.some((s) => s.startsWith('4') || s.startsWith('5'))) problems.push(`${method} ${url}: no error response`);
    }
    expect(problems).toEqual([]);
  });

  it('protects every /api/v1 route with the API key (or the console session) and names the error shape', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!path.startsWith('/api/v1/')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        expect({ route: `${method} ${path}`, security: operation.security }).toEqual({
          route: `${method} ${path}`,
          security: expect.arrayContaining([{ apiKey: [] }]),
        });
      }
    }
    expect(document.components.schemas.ApiErrorBody).toMatchObject({
      required: expect.arrayContaining(['statusCode', 'error', 'message']),
    });
  });

  it('says who may call every operation (public ones `security: []`) and describes a 4xx for each (ADR 0053)', () => {
    const problems: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!Array.isArray(operation.security)) problems.push(`${method} ${path}: no security`);
        if (!Object.keys(operation.responses ?? {}).some((s) => s.startsWith('4'))) problems.push(`${method} ${path}: no 4xx`);
      }
    }
    expect(problems).toEqual([]);
    expect(document.paths['/api/request-api-access']?.post?.security).toEqual([]);
    expect(document.paths['/api/admin/companies']?.get?.security).toEqual([{ adminSession: [] }]);
    expect(document.paths['/api/sellers/{id}/statement']?.get?.security).toEqual([{ sellerToken: [] }, { payeeSession: [] }]);
    expect(document.paths['/sdk/{file}']?.get?.security).toEqual([]);
  });

  it('describes every webhook event with its payload', () => {
    for (const type of [...WEBHOOK_EVENT_TYPES, 'webhook.test']) {
      expect(document.webhooks?.[type]).toBeDefined();
    }
  });

  it('has request schemas from the shared DTOs, with their rules', () => {
    expect(document.components.schemas.ApiCreateOrderDto).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: expect.arrayContaining(['orderId', 'amount', 'currency', 'recipient']),
      properties: { currency: { enum: ['usd', 'cad'] }, amount: { type: ['number', 'string'] } },
    });
  });

  it('matches the committed contract schemas, document and SDK types (run `npm run openapi:generate` after a change)', async () => {
    const generated = await generateSources();
    for (const [key, path] of Object.entries(GENERATED_PATHS)) {
      const committed = readFileSync(join(root, path), 'utf8');
      expect({ path, upToDate: committed === generated[key as keyof typeof generated] }).toEqual({ path, upToDate: true });
    }
  });
});
