// P2's anchor, service side: a bare NestJS RabbitMQ microservice answering `echo` with what it was sent.
// `node bench/anchors/rmq-echo-server.mjs <amqp-url> <queue>`.
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Transport } from '@nestjs/microservices';

// BENCH_ECHO_QUORUM=1: a durable quorum queue, as PayMarket's service queues are (to measure what that costs).
const QUEUE_OPTIONS =
  process.env.BENCH_ECHO_QUORUM === '1' ? { durable: true, arguments: { 'x-queue-type': 'quorum' } } : { durable: false };
const [url, queue] = process.argv.slice(2);

class EchoController {
  echo(data) {
    return data;
  }
}
Controller()(EchoController);
MessagePattern('echo')(EchoController.prototype, 'echo', Object.getOwnPropertyDescriptor(EchoController.prototype, 'echo'));
class EchoModule {}
Module({ controllers: [EchoController] })(EchoModule);

const app = await NestFactory.createMicroservice(EchoModule, {
  transport: Transport.RMQ,
  options: { urls: [url], queue, queueOptions: QUEUE_OPTIONS, prefetchCount: 20 },
  logger: false,
});
await app.listen();
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
