// P1's anchor: a minimal NestJS app on Fastify serving one JSON document from memory at the path PayMarket serves
// it. `node bench/anchors/nest-json.mjs <port> <file.json> <path>`; prints nothing, answers 200 when listening.
import { readFileSync } from 'node:fs';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';

const [port, file, path = '/api/sellers-showcase'] = process.argv.slice(2);
const body = JSON.parse(readFileSync(file, 'utf8'));

class JsonController {
  get() {
    return body;
  }
}
Controller()(JsonController);
Get(path)(JsonController.prototype, 'get', Object.getOwnPropertyDescriptor(JsonController.prototype, 'get'));
class AnchorModule {}
Module({ controllers: [JsonController] })(AnchorModule);

const app = await NestFactory.create(AnchorModule, new FastifyAdapter(), { logger: false });
await app.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
