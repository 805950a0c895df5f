import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../logging/logger.js';
import { renderMetrics } from './metrics.js';

const log = createLogger('ops-server');

/** One readiness condition (a service's database answers and it consumes); true when ready. */
export type ReadinessCheck = () => Promise<boolean> | boolean;

const readinessChecks = new Map<string, ReadinessCheck>();
const CHECK_TIMEOUT_MS = 2_000;

/** Adds a condition to this process's /health/ready; returns its removal (a closing service is not ready). */
export function registerReadiness(name: string, check: ReadinessCheck): () => void {
  readinessChecks.set(name, check);
  return () => {
    if (readinessChecks.get(name) === check) readinessChecks.delete(name);
  };
}

/** Every registered condition and whether it holds now; a check that throws or hangs counts as not ready. */
export async function readiness(): Promise<{ ready: boolean; checks: Record<string, boolean> }> {
  const entries = await Promise.all(
    [...readinessChecks].map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
        timer.unref();
      });
      const ok = await Promise.race([
        Promise.resolve()
          .then(check)
          .catch(() => false),
        expired,
      ]);
      clearTimeout(timer);
      return [name, ok === true] as const;
    }),
  );
  const checks = Object.fromEntries(entries);
  // A process that registered nothing yet is still starting.
  return { ready: entries.length > 0 && entries.every(([, ok]) => ok), checks };
}

export interface OpsServer {
  /** The port actually bound (METRICS_PORT=0 picks a free one). */
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

let current: OpsServer | undefined;

/** The ops server this process started, if any (tests read its port). */
export function currentOpsServer(): OpsServer | undefined {
  return current;
}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
  res.end(body);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'method not allowed\n');
  if (path === '/metrics') {
    const { contentType, body } = await renderMetrics();
    return send(res, 200, contentType, body);
  }
  if (path === '/health/live') return send(res, 200, 'application/json', '{"status":"up"}');
  if (path === '/health/ready') {
    const state = await readiness();
    return send(res, state.ready ? 200 : 503, 'application/json', JSON.stringify({ status: state.ready ? 'up' : 'down', ...state }));
  }
  send(res, 404, 'text/plain', 'not found\n');
}

/**
 * The operators' port (METRICS_PORT): /metrics, /health/live and /health/ready on plain node:http, apart from
 * the public app so scrapes and probes never meet its rate limits, auth or proxy, and it is never exposed with it.
 * One per process: a second call returns the server already listening.
 */
export async function startOpsServer(options: { port: number; host?: string }): Promise<OpsServer> {
  if (current) return current;
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log.warn({ err }, 'ops request failed');
      if (!res.headersSent) send(res, 500, 'text/plain', 'error\n');
      else res.end();
    });
  });
  const host = options.host ?? '0.0.0.0';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Never keeps a process alive on its own: the app's shutdown decides when the process ends.
  server.unref();
  const port = (server.address() as AddressInfo).port;
  const ops: OpsServer = {
    port,
    url: `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (current === ops) current = undefined;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  current = ops;
  log.info({ port, paths: ['/metrics', '/health/live', '/health/ready'] }, `metrics and health on port ${port}`);
  return ops;
}
