import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a webhook receiver got. */
export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local HTTP server that records every request and answers 204: `url` is its address with `path`. */
export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

/** Starts a webhook receiver on a free local port. */
export async function startWebhookReceiver(path: string): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
