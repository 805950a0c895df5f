// P2's anchor, caller side: a minimal NestJS app on Fastify whose one route asks the echo microservice over
// RabbitMQ (ClientProxy.send) and answers its reply. `node bench/anchors/rmq-echo-http.mjs <port> <amqp-url> <queue>`.
import { Controller, Get, Inject, Module, Param } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { ClientsModule, Transport } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';

// BENCH_ECHO_QUORUM=1: a durable quorum queue, as PayMarket's service queues are (to measure what that costs).
const QUEUE_OPTIONS =
  process.env.BENCH_ECHO_QUORUM === '1' ? { durable: true, arguments: { 'x-queue-type': 'quorum' } } : { durable: false };
const [port, url, queue] = process.argv.slice(2);

class EchoHttpController {
  constructor(client) {
    this.client = client;
  }
  echo(id) {
    return firstValueFrom(this.client.send('echo', { id, at: Date.now() }));
  }
}
Controller()(EchoHttpController);
Inject('ECHO')(EchoHttpController, undefined, 0);
Param('id')(EchoHttpController.prototype, 'echo', 0);
Get('echo/:id')(EchoHttpController.prototype, 'echo', Object.getOwnPropertyDescriptor(EchoHttpController.prototype, 'echo'));
class EchoHttpModule {}
Module({
  imports: [
    ClientsModule.register([{ name: 'ECHO', transport: Transport.RMQ, options: { urls: [url], queue, queueOptions: QUEUE_OPTIONS } }]),
  ],
  controllers: [EchoHttpController],
})(EchoHttpModule);

const app = await NestFactory.create(EchoHttpModule, new FastifyAdapter(), { logger: false });
await app.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
