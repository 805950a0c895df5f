import { describe, expect, it } from '@jest/globals';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { InProcessBroker } from './in-process-broker.js';
import { drainBeforeClose, InFlightTracker } from './in-flight.js';
import { InProcessClient, InProcessServer } from './in-process-transport.js';
import { MessageInterceptor } from './message.interceptor.js';
import { ServiceExceptionFilter } from '../errors/service-exception.filter.js';
import { ServiceError } from '../errors/service-error.js';

const handled: string[] = [];
let failuresLeft = 0;

@Controller()
class SlowHandler {
  @EventPattern<string>('work.requested')
  async onWork(@Payload() data: { id: string }): Promise<void> {
    await new Promise((r) => setTimeout(r, 300));
    handled.push(data.id);
  }

  @EventPattern<string>('work.flaky')
  async onFlaky(@Payload() data: { id: string }): Promise<void> {
    if (failuresLeft-- > 0) throw new Error('transient failure');
    handled.push(data.id);
  }

  @MessagePattern<string>('work.ask')
  ask(@Payload() data: { n: number }): { doubled: number } {
    if (data.n < 0) throw ServiceError.invalid('n must not be negative');
    return { doubled: data.n * 2 };
  }
}

@Module({ controllers: [SlowHandler] })
class TestModule {}

async function start(broker: InProcessBroker) {
  const inFlight = new InFlightTracker();
  const app = await NestFactory.createMicroservice(TestModule, {
    strategy: drainBeforeClose(new InProcessServer(broker, 'q'), inFlight),
    logger: false,
  });
  app.useGlobalInterceptors(new MessageInterceptor(inFlight));
  app.useGlobalFilters(new ServiceExceptionFilter());
  await app.listen();
  return { app, inFlight };
}

describe('message handling on the in-process transport', () => {
  it('finishes and acks a message in flight before the server closes', async () => {
    handled.length = 0;
    const broker = new InProcessBroker();
    const { app, inFlight } = await start(broker);
    broker.publish('work.requested', JSON.stringify({ pattern: 'work.requested', data: { id: 'w1' } }));
    for (let i = 0; i < 20 && inFlight.size === 0; i++) await new Promise((r) => setImmediate(r));
    expect(inFlight.size).toBe(1);

    await app.close();

    expect(handled).toEqual(['w1']);
    expect(broker.depth('q')).toBe(0);
    expect(broker.deadLetters('q')).toHaveLength(0);
  });

  it('redelivers an event whose handler failed until it succeeds (nack + requeue)', async () => {
    handled.length = 0;
    failuresLeft = 2;
    const broker = new InProcessBroker();
    const { app } = await start(broker);
    broker.publish('work.flaky', JSON.stringify({ pattern: 'work.flaky', data: { id: 'f1' } }));
    for (let i = 0; i < 200 && handled.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    await app.close();
    expect(handled).toEqual(['f1']);
  });

  it('answers requests, including typed errors, across the JSON round trip', async () => {
    const broker = new InProcessBroker();
    const { app } = await start(broker);
    const client = new InProcessClient(broker);
    await client.connect();
    const { firstValueFrom } = await import('rxjs');
    await expect(firstValueFrom(client.send('work.ask', { n: 21 }))).resolves.toEqual({ doubled: 42 });
    await expect(firstValueFrom(client.send('work.ask', { n: -1 }))).rejects.toEqual({
      code: 'invalid',
      message: 'n must not be negative',
    });
    client.close();
    await app.close();
  });
});
