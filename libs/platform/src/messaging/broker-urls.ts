import amqp from 'amqplib';

/**
 * AMQP_URL names one RabbitMQ node or several nodes of one cluster, comma-separated (ADR 0070):
 * `amqp://u:p@rabbit-1:5672/vhost,amqp://u:p@rabbit-2:5672/vhost`. Every connection moves to the next address when
 * one fails.
 */
export const BROKER_URL_PATTERN = /^\s*amqps?:\/\/[^,\s]+(\s*,\s*amqps?:\/\/[^,\s]+)*\s*$/;

/** The addresses of AMQP_URL, in the order given. Throws naming the variable when one is not an amqp:// URL. */
export function brokerUrls(value: string, variable = 'AMQP_URL'): string[] {
  const urls = value
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  if (urls.length === 0) throw new Error(`${variable} must be an amqp:// URL or a comma-separated list of them; it is empty`);
  const bad = urls.find((url) => !/^amqps?:\/\/\S+$/.test(url));
  if (bad !== undefined) throw new Error(`${variable} must list amqp:// URLs; "${redact(bad)}" is not one`);
  return urls;
}

/** A URL without its password, for messages and logs. */
export function redact(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}

/**
 * The addresses starting at this process's own offset: every process tries a different node first, so connections
 * (and the quorum queue leaders placed on the declaring client's node) spread over the cluster instead of all landing
 * on the first address. The order is stable per process, so reconnects still go round the list.
 */
export function spreadUrls<T>(urls: readonly T[], seed: number = process.pid): T[] {
  const offset = urls.length === 0 ? 0 : seed % urls.length;
  return [...urls.slice(offset), ...urls.slice(0, offset)];
}

/** Opens one amqplib connection to the first address that answers, trying each in turn once. */
export async function connectToBroker(
  urls: readonly string[],
  connect: (url: string) => Promise<amqp.ChannelModel> = (url) => amqp.connect(url),
): Promise<{ connection: amqp.ChannelModel; url: string }> {
  const failures: string[] = [];
  for (const url of urls) {
    try {
      return { connection: await connect(url), url };
    } catch (err) {
      failures.push(`${redact(url)}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  throw new Error(`no RabbitMQ node of AMQP_URL answered (${failures.join('; ')})`);
}

/**
 * Queue type of the RPC queues (ADR 0048, 0070). On one node a classic queue is the cheap choice; on several nodes
 * a classic queue lives on one of them, and while that node is down its service receives no request (and the
 * broker cancels its consumers), so the RPC queues are quorum queues there too. Every process of a deployment reads
 * the same AMQP_URL, so they all declare the same type.
 */
export function rpcQueueType(urls: readonly string[]): 'classic' | 'quorum' {
  return urls.length > 1 ? 'quorum' : 'classic';
}
