// `npm run dead-letters [-- --replay] [-- --queue paymarket.notifications]`: lists what sits in the dead-letter
// queues (`<queue>.dlq`, cluster mode, AMQP_URL) and, with --replay, moves each dead-lettered event back onto the
// queue it died in, once the cause is fixed (docs/runbook.md). A replayed event is handled again; the consumer's
// inbox dedupe makes that safe if its effect had committed after all. RPC requests that expired in a queue (they
// carry a reply-to) are never replayed: their caller gave up long ago, so they are only counted and removed with
// --replay. Embedded mode keeps its dead letters in the process's memory: restart it after fixing the cause.
import { refuseBadSettings } from '../../libs/platform/settings.mjs';

// Before amqplib loads or connects: AMQP_URL unset, empty or not an amqp:// URL stops here with one line (embedded
// mode has no broker: it keeps its dead letters in memory).
refuseBadSettings('dead-letters');
const { default: amqp } = await import('amqplib');
const url = process.env.AMQP_URL;
const replay = process.argv.includes('--replay');
const only = process.argv.includes('--queue') ? process.argv[process.argv.indexOf('--queue') + 1] : undefined;
// DO NOT CHANGE without libs/contracts/src/events/wire.ts (SERVICE_NAMES, queueOf): the queues dead letters sit in.
const SERVICES = ['onboarding', 'catalog', 'payments', 'requests', 'notifications'];
const queues = SERVICES.map((s) => `paymarket.${s}`).filter((q) => !only || q === only);
if (only && queues.length === 0) {
  console.error(`unknown queue ${only}; choose from ${SERVICES.map((s) => `paymarket.${s}`).join(', ')}`);
  process.exit(2);
}

// AMQP_URL may list the nodes of a cluster, comma-separated (ADR 0070): the first that answers is used.
async function connectToAnyNode(list) {
  const failures = [];
  for (const address of list
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)) {
    try {
      return await amqp.connect(address);
    } catch (err) {
      failures.push(`${address.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@')}: ${err.message}`);
    }
  }
  console.error(`dead-letters: no RabbitMQ node of AMQP_URL answered (${failures.join('; ') || 'AMQP_URL lists none'})`);
  process.exit(2);
}

const connection = await connectToAnyNode(url);
const channel = await connection.createConfirmChannel();
let total = 0;
let moved = 0;
let dropped = 0;
for (const queue of queues) {
  const dlq = `${queue}.dlq`;
  const { messageCount } = await channel.checkQueue(dlq);
  console.log(`${dlq}: ${messageCount} message(s)`);
  const held = [];
  for (let i = 0; i < messageCount; i++) {
    const message = await channel.get(dlq, { noAck: false });
    if (!message) break;
    total++;
    const headers = message.properties.headers ?? {};
    const death = headers['x-death']?.[0] ?? {};
    let id = '';
    let pattern;
    try {
      const body = JSON.parse(message.content.toString());
      id = body.data?.id ?? body.id ?? '';
      pattern = body.pattern;
    } catch {
      // not JSON: listed by routing key only
    }
    const rpc = Boolean(message.properties.replyTo);
    const routingKey = pattern ?? death['routing-keys']?.[0] ?? message.fields.routingKey;
    console.log(
      `  ${rpc ? 'rpc  ' : 'event'} ${routingKey}${id ? ` ${id}` : ''} (${death.reason ?? headers['x-first-death-reason'] ?? 'unknown'}, ${death.count ?? '?'}×, ${death.time ? new Date(Number(death.time.value ?? death.time) * 1000).toISOString() : 'time unknown'})`,
    );
    if (!replay) {
      held.push(message);
      continue;
    }
    if (rpc) {
      channel.ack(message);
      dropped++;
      continue;
    }
    // Back onto its own queue through the default exchange, so only that service handles it again; without the
    // broker's death and delivery-count headers, so it gets its full delivery limit again.
    const rest = Object.fromEntries(
      Object.entries(headers).filter(([name]) => !/^x-(death|first-death-|last-death-|delivery-count)/.test(name)),
    );
    channel.sendToQueue(death.queue ?? queue, message.content, { ...message.properties, headers: rest, persistent: true });
    await channel.waitForConfirms();
    channel.ack(message);
    moved++;
  }
  // Listing only: everything goes back to the dead-letter queue untouched.
  for (const message of held) channel.nack(message, false, true);
}
await channel.close();
await connection.close();
console.log(
  replay
    ? `${moved} event(s) moved back to their queue, ${dropped} expired RPC request(s) removed`
    : `${total} dead letter(s); replay with: npm run dead-letters -- --replay`,
);
