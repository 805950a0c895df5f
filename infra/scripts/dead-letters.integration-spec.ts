// `npm run dead-letters` (docs/runbook.md) against the real RabbitMQ, in a vhost of its own: an event a consumer
// rejected sits in the queue's .dlq; listing leaves it there; --replay moves it back onto its queue with a fresh
// delivery count and removes an expired RPC request. Runs in the cluster-mode run of the suite (AMQP_URL set).
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import amqp from 'amqplib';
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WIRE, queueOf, SERVICE_NAMES } from '@paymarket/contracts';

jest.setTimeout(60_000);
const root = fileURLToPath(new URL('../../', import.meta.url));
const describeWithRabbit = process.env.AMQP_URL ? describe : describe.skip;

describeWithRabbit('npm run dead-letters', () => {
  const vhost = `paymarket-dead-letters-${process.pid}`;
  const url = `${(process.env.AMQP_URL ?? '').replace(/^(amqps?:\/\/[^/]+).*$/, '$1')}/${vhost}`;
  const queue = queueOf('notifications');
  let connection: amqp.ChannelModel;
  let channel: amqp.Channel;

  const run = (...args: string[]): string => {
    const result = spawnSync(process.execPath, ['infra/scripts/dead-letters.mjs', ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, AMQP_URL: url },
    });
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
    return result.stdout;
  };
  const depth = async (name: string): Promise<number> => (await channel.checkQueue(name)).messageCount;
  const until = async (check: () => Promise<boolean>): Promise<void> => {
    for (let i = 0; i < 50 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
  };

  beforeAll(async () => {
    execFileSync('rabbitmqctl', ['-q', 'add_vhost', vhost]);
    execFileSync('rabbitmqctl', ['-q', 'set_permissions', '-p', vhost, 'guest', '.*', '.*', '.*']);
    connection = await amqp.connect(url);
    channel = await connection.createChannel();
    // The topology libs/platform's runtime declares (quorum queues, delivery limit, per-queue .dlq).
    await channel.assertExchange(WIRE.EXCHANGE, 'topic', { durable: true });
    await channel.assertExchange(WIRE.DEAD_LETTER_EXCHANGE, 'direct', { durable: true });
    for (const service of SERVICE_NAMES) {
      const q = queueOf(service);
      await channel.assertQueue(`${q}.dlq`, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
      await channel.bindQueue(`${q}.dlq`, WIRE.DEAD_LETTER_EXCHANGE, `${q}.dlq`);
      await channel.assertQueue(q, {
        durable: true,
        arguments: {
          'x-queue-type': 'quorum',
          'x-delivery-limit': 5,
          'x-dead-letter-exchange': WIRE.DEAD_LETTER_EXCHANGE,
          'x-dead-letter-routing-key': `${q}.dlq`,
        },
      });
    }
    await channel.bindQueue(queue, WIRE.EXCHANGE, 'payment.succeeded');
    const envelope = { pattern: 'payment.succeeded', data: { id: 'evt-dead-letter-spec', name: 'payment.succeeded' } };
    channel.publish(WIRE.EXCHANGE, 'payment.succeeded', Buffer.from(JSON.stringify(envelope)), { persistent: true });
    // An RPC request whose caller gave up (it carries a reply-to).
    channel.sendToQueue(`${queue}.dlq`, Buffer.from(JSON.stringify({ pattern: 'notifications.health', data: {} })), {
      replyTo: 'amq.gen-caller-gone',
      headers: { 'x-first-death-reason': 'expired' },
    });
    await until(async () => (await depth(queue)) === 1);
    const message = await channel.get(queue, { noAck: false });
    if (!message) throw new Error('the event did not arrive');
    channel.nack(message, false, false);
    await until(async () => (await depth(`${queue}.dlq`)) === 2);
  });

  afterAll(async () => {
    await connection?.close();
    execFileSync('rabbitmqctl', ['-q', 'delete_vhost', vhost]);
  });

  it('lists the dead letters and leaves them where they are', async () => {
    const out = run();
    expect(out).toContain('paymarket.notifications.dlq: 2 message(s)');
    expect(out).toMatch(/event payment\.succeeded evt-dead-letter-spec \(rejected, 1×/);
    expect(out).toMatch(/rpc {3}notifications\.health/);
    await until(async () => (await depth(`${queue}.dlq`)) === 2);
    expect(await depth(`${queue}.dlq`)).toBe(2);
  });

  it('moves the event back onto its queue with a fresh delivery count, and drops the expired RPC request', async () => {
    expect(run('--replay')).toContain('1 event(s) moved back to their queue, 1 expired RPC request(s) removed');
    await until(async () => (await depth(queue)) === 1);
    expect(await depth(`${queue}.dlq`)).toBe(0);
    const message = await channel.get(queue, { noAck: true });
    expect(message && JSON.parse(message.content.toString()).data.id).toBe('evt-dead-letter-spec');
    const headers = (message && message.properties.headers) || {};
    expect(Object.keys(headers).filter((h) => /^x-(death|first-death)/.test(h))).toEqual([]);
    // The broker counts deliveries of a quorum queue afresh: the event gets its whole delivery limit again.
    expect(headers['x-delivery-count'] ?? 0).toBe(0);
  });
});
