import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Body, Controller, Get, Injectable, Module, Post, UseGuards, type CanActivate } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthenticatesWith, Doc, DocTag } from './describe.js';
import { buildOpenApiDocument, DEFAULT_SERVER_URL } from './openapi.document.js';

@Injectable()
@AuthenticatesWith(['adminSession'])
class FakeAdminGuard implements CanActivate {
  canActivate(): boolean {
    return true;
  }
}

@Injectable()
@AuthenticatesWith(['apiKey', 'consoleSession'], [401, 403])
class FakeKeyGuard implements CanActivate {
  canActivate(): boolean {
    return true;
  }
}

/** A guard that authenticates nobody (a rate limit, say): it says nothing about security. */
@Injectable()
class FakeLimitGuard implements CanActivate {
  canActivate(): boolean {
    return true;
  }
}

@DocTag('Fake')
@Controller('api/fake')
class FakeController {
  @Doc({ summary: 'Public' })
  @Get('public')
  open(): void {}

  @Doc({ summary: 'Public, limited' })
  @UseGuards(FakeLimitGuard)
  @Get('limited')
  limited(): void {}

  @Doc({ summary: 'Admins only' })
  @UseGuards(FakeAdminGuard)
  @Get('admin')
  admin(): void {}

  @Doc({ summary: 'A key, then an admin' })
  @UseGuards(FakeKeyGuard, FakeAdminGuard)
  @Get('both')
  both(): void {}

  @Doc({ summary: 'The handler checks the token itself', auth: ['sellerToken'], errors: [401] })
  @Post('token')
  token(@Body() _body: unknown): void {}
}

@DocTag('Fake keyed')
@UseGuards(FakeKeyGuard)
@Controller('api/keyed')
class FakeKeyedController {
  @Doc({ summary: 'Any route of the controller' })
  @Get()
  list(): void {}
}

@Module({ controllers: [FakeController, FakeKeyedController], providers: [FakeAdminGuard, FakeKeyGuard, FakeLimitGuard] })
class FakeModule {}

type Operation = { security?: unknown; responses: Record<string, { content?: Record<string, unknown> }> };

// ADR 0053: who may call a route is read from the guards it runs behind, so a route added anywhere is described
// without a list to update; a route behind none is public (`security: []`), and every one describes its 4xx.
describe(buildOpenApiDocument.name, () => {
  let app: NestFastifyApplication;
  let paths: Record<string, Record<string, Operation>>;

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(FakeModule, new FastifyAdapter(), { logger: false });
    paths = buildOpenApiDocument(app).paths as unknown as typeof paths;
  });

  afterAll(async () => {
    await app?.close();
  });

  it('declares a route behind no authenticating guard public, with an empty security list', () => {
    expect(paths['/api/fake/public']?.get?.security).toEqual([]);
    expect(paths['/api/fake/limited']?.get?.security).toEqual([]);
  });

  it("gives a guarded route its guard's schemes and refusals, without any decorator on the route saying so", () => {
    expect(paths['/api/fake/admin']?.get?.security).toEqual([{ adminSession: [] }]);
    expect(Object.keys(paths['/api/fake/admin']!.get!.responses)).toEqual(expect.arrayContaining(['200', '401']));
    expect(paths['/api/keyed']?.get?.security).toEqual([{ apiKey: [] }, { consoleSession: [] }]);
    expect(Object.keys(paths['/api/keyed']!.get!.responses)).toEqual(expect.arrayContaining(['401', '403']));
  });

  it('requires every guard of a route: one scheme of each', () => {
    expect(paths['/api/fake/both']?.get?.security).toEqual([
      { apiKey: [], adminSession: [] },
      { consoleSession: [], adminSession: [] },
    ]);
  });

  it('keeps what @Doc says for a handler that checks its credential itself', () => {
    expect(paths['/api/fake/token']?.post?.security).toEqual([{ sellerToken: [] }]);
  });

  it('describes the body errors Fastify answers on routes that take a body, and 4XX on routes that refuse nothing', () => {
    expect(Object.keys(paths['/api/fake/token']!.post!.responses)).toEqual(expect.arrayContaining(['400', '401', '413', '415']));
    const open = paths['/api/fake/public']!.get!.responses;
    expect(Object.keys(open).filter((status) => status.startsWith('4'))).toEqual(['4XX']);
    expect(open['4XX']!.content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorBody' } } });
  });

  it('names PUBLIC_URL as the server, or the serving origin when it is not set', () => {
    expect(buildOpenApiDocument(app, { publicUrl: 'https://pay.acme.test/' }).servers).toEqual([
      { url: 'https://pay.acme.test', description: expect.any(String) },
    ]);
    expect(buildOpenApiDocument(app).servers).toEqual([{ url: DEFAULT_SERVER_URL, description: expect.any(String) }]);
  });
});
