import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'qs';
import { Errors, StripeApiError } from './errors.js';
import type { HandlerContext, Route } from './http/context.js';
import { expandParam, type Params } from './http/params.js';
import { randomToken } from './ids.js';
import { handlePage } from './pages.js';
import { accountRoutes, seedDemoAccounts } from './resources/accounts.js';
import { eventRoutes } from './resources/events.js';
import { paymentIntentRoutes } from './resources/payment-intents.js';
import { paymentMethodRoutes } from './resources/payment-methods.js';
import { disputeRoutes } from './resources/disputes.js';
import { refundRoutes } from './resources/refunds.js';
import { transferRoutes } from './resources/transfers.js';
import { StateFile } from './persistence.js';
import { RequestRateLimiter, type RateLimitSettings, type RateLimitStats } from './rate-limit.js';
import { EmulatorState, EMULATOR_API_VERSION } from './state.js';
import { WebhookDispatcher, type EmulatorLogger } from './webhooks.js';

export interface StripeEmulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Base URL put into links a browser visits (onboarding, 3D Secure); defaults to http://host:port. */
  publicUrl?: string;
  /** Where every event is POSTed, signed with `webhookSecret` (a `whsec_…` value) exactly as Stripe signs. */
  webhookUrl?: string;
  webhookSecret?: string;
  /** The endpoint's `enabled_events` (default `['*']`, every event). */
  webhookEvents?: readonly string[];
  webhookRetryBaseMs?: number;
  webhookMaxAttempts?: number;
  /** Seed the demo connected accounts (default true). */
  seedDemoAccounts?: boolean;
  /** Keep the account's state in this JSON file across restarts (embedded mode); in memory only without it. */
  stateFile?: string;
  logger?: EmulatorLogger;
  /** Stripe's request rate limits (`STRIPE_RATE_LIMITS.test`/`.live`, rate-limit.ts); null or absent: none. */
  rateLimit?: RateLimitSettings | null;
}

/** A webhook endpoint as Stripe registers one: its URL, signing secret and `enabled_events` (default `['*']`). */
export interface WebhookEndpoint {
  url: string;
  secret: string;
  enabledEvents?: readonly string[];
}

export interface StripeEmulator {
  /** Base URL of the API, e.g. http://127.0.0.1:12111 (point the SDK's host/port/protocol at it). */
  url: string;
  port: number;
  state: EmulatorState;
  /** The current webhook endpoint's dispatcher (its `attempts` list every delivery), null without one. */
  readonly webhooks: WebhookDispatcher | null;
  /** Where events go from now on (like registering a webhook endpoint with Stripe); null stops delivery. */
  setWebhookEndpoint(endpoint: WebhookEndpoint | null): Promise<void>;
  /** Requests admitted and refused with 429, and the most admitted in any one second (also GET /emulator/rate-limit). */
  rateLimitStats(): RateLimitStats;
  close(): Promise<void>;
}

const silent: EmulatorLogger = { info: () => undefined, warn: () => undefined };
const MAX_BODY_BYTES = 1024 * 1024;

interface CompiledRoute extends Route {
  pattern: RegExp;
  keys: string[];
}

const ROUTES: CompiledRoute[] = [
  ...accountRoutes,
  ...paymentMethodRoutes,
  ...paymentIntentRoutes,
  ...refundRoutes,
  ...transferRoutes,
  ...disputeRoutes,
  ...eventRoutes,
].map((route) => {
  const keys: string[] = [];
  const source = route.path.replace(/:([a-z]+)/g, (_, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { ...route, pattern: new RegExp(`^${source}$`), keys };
});

// Publishable keys may only read and confirm a PaymentIntent they hold the client_secret of (what Stripe.js does).
const PUBLISHABLE_ROUTES = new Set(['GET /v1/payment_intents/:id', 'POST /v1/payment_intents/:id/confirm']);

interface StoredResponse {
  fingerprint: string;
  status: number;
  body: string;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new StripeApiError(413, { type: 'invalid_request_error', message: 'Request body too large.' }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** `POST /v1/payment_intents/:id/confirm`: the endpoint a request counts against; the raw path for an unknown one. */
function endpointOf(method: string, pathname: string): string {
  const route = ROUTES.find((candidate) => candidate.method === method && candidate.pattern.test(pathname));
  return `${method} ${route ? route.path : pathname}`;
}

function apiKeyOf(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const [scheme, value = ''] = header.split(' ', 2);
  if (scheme?.toLowerCase() === 'bearer') return value.trim();
  if (scheme?.toLowerCase() === 'basic') return Buffer.from(value, 'base64').toString('utf8').split(':')[0] ?? '';
  return '';
}

function expandInto(state: EmulatorState, target: unknown, parts: string[]): void {
  if (!target || typeof target !== 'object' || parts.length === 0) return;
  const record = target as Record<string, unknown>;
  const [head, ...rest] = parts;
  if (head === 'data' && Array.isArray(record.data)) {
    for (const item of record.data) expandInto(state, item, rest);
    return;
  }
  let value = record[head!];
  if (typeof value === 'string') {
    const found = state.lookup(value);
    if (found) {
      value = structuredClone(found);
      record[head!] = value;
    }
  }
  expandInto(state, value, rest);
}

/** Starts the emulator: Stripe's REST subset PayMarket uses, over form-encoded HTTP, with signed webhooks. */
export async function startStripeEmulator(options: StripeEmulatorOptions = {}): Promise<StripeEmulator> {
  const logger = options.logger ?? silent;
  const host = options.host ?? '127.0.0.1';
  const state = new EmulatorState();
  if (options.seedDemoAccounts !== false) seedDemoAccounts(state);
  if (options.webhookUrl && !options.webhookSecret) {
    throw new Error('The Stripe emulator needs a webhook secret starting with whsec_ to sign webhooks.');
  }
  let webhooks: WebhookDispatcher | null = null;
  const setWebhookEndpoint = async (endpoint: WebhookEndpoint | null): Promise<void> => {
    if (endpoint && !endpoint.secret.startsWith('whsec_'))
      throw new Error('The Stripe emulator needs a webhook secret starting with whsec_ to sign webhooks.');
    await webhooks?.close();
    webhooks = endpoint
      ? new WebhookDispatcher({
          url: endpoint.url,
          secret: endpoint.secret,
          enabledEvents: endpoint.enabledEvents,
          retryBaseMs: options.webhookRetryBaseMs,
          maxAttempts: options.webhookMaxAttempts,
          logger,
        })
      : null;
    state.pendingWebhooks = webhooks ? 1 : 0;
    if (endpoint) logger.info(`Stripe emulator: webhooks go to ${endpoint.url}`);
  };
  state.onEvent((event) => webhooks?.dispatch(event));
  if (options.webhookUrl && options.webhookSecret)
    await setWebhookEndpoint({ url: options.webhookUrl, secret: options.webhookSecret, enabledEvents: options.webhookEvents });
  const idempotency = new Map<string, StoredResponse>();
  const limiter = new RequestRateLimiter(options.rateLimit ?? null);
  if (options.rateLimit) {
    logger.info(
      `Stripe emulator: rate limits on (${options.rateLimit.globalPerSecond}/s, ${options.rateLimit.perEndpointPerSecond}/s per endpoint)`,
    );
  }
  const stateFile = options.stateFile ? new StateFile(options.stateFile, state, idempotency) : undefined;
  if (stateFile?.load()) logger.info(`Stripe emulator: state loaded from ${options.stateFile}`);
  state.onEvent(() => stateFile?.scheduleSave());
  let baseUrl = '';

  function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
    res.writeHead(status, {
      'content-type': 'application/json',
      'cache-control': 'no-cache, no-store',
      'stripe-version': EMULATOR_API_VERSION,
      ...headers,
    });
    res.end(body);
  }

  function execute(req: IncomingMessage, url: URL, body: string, requestId: string): { status: number; body: string; store: boolean } {
    const method = (req.method ?? 'GET').toUpperCase();
    const key = apiKeyOf(req);
    if (key === null || key === '') throw Errors.noApiKey();
    const publishable = /^pk_test_\w+$/.test(key);
    if (!publishable && !/^(sk|rk)_test_\w+$/.test(key)) throw Errors.invalidApiKey(key);
    let route: CompiledRoute | undefined;
    let match: RegExpExecArray | null = null;
    for (const candidate of ROUTES) {
      if (candidate.method !== method) continue;
      match = candidate.pattern.exec(url.pathname);
      if (match) {
        route = candidate;
        break;
      }
    }
    if (!route || !match) throw Errors.unrecognizedUrl(method, url.pathname);
    const path = Object.fromEntries(route.keys.map((k, i) => [k, decodeURIComponent(match[i + 1]!)]));
    const raw = method === 'POST' ? body : url.search.slice(1);
    const params = parse(raw, { depth: 10, arrayLimit: 100, parameterLimit: 1000 }) as Params;
    if (publishable) {
      const intent = state.paymentIntents.get(path.id ?? '')?.intent;
      if (!PUBLISHABLE_ROUTES.has(`${route.method} ${route.path}`) || !intent || params.client_secret !== intent.client_secret) {
        throw new StripeApiError(401, {
          type: 'invalid_request_error',
          message:
            'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
        });
      }
    }
    const ctx: HandlerContext = {
      state,
      params,
      path,
      request: { requestId, idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null },
      baseUrl,
    };
    const response = structuredClone(route.handler(ctx));
    for (const path of expandParam(params)) expandInto(state, response, path.split('.'));
    return { status: 200, body: JSON.stringify(response, null, 2), store: true };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://emulator.local');
    const requestId = `req_${randomToken(14)}`;
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-version',
      'access-control-allow-methods': 'GET, POST, DELETE',
    };
    let body: string;
    try {
      body = await readBody(req);
    } catch (err) {
      const error = err instanceof StripeApiError ? err : Errors.internal();
      send(res, error.status, JSON.stringify({ error: error.body }, null, 2), { 'request-id': requestId });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/emulator/rate-limit') {
      send(res, 200, JSON.stringify(limiter.stats(), null, 2));
      return;
    }
    if (url.pathname.startsWith('/emulator/') && handlePage(state, req, res, url, body)) return;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    if (req.method === 'GET' && url.pathname === '/health') {
      send(res, 200, JSON.stringify({ status: 'ok', livemode: false }));
      return;
    }
    const method = (req.method ?? 'GET').toUpperCase();
    // Before anything runs or an idempotency key is looked at: like Stripe, a limited request did nothing.
    const limitedBy = limiter.admit(endpointOf(method, url.pathname));
    if (limitedBy) {
      const error = Errors.rateLimited();
      send(res, error.status, JSON.stringify({ error: error.body }, null, 2), {
        ...cors,
        'request-id': requestId,
        'stripe-rate-limited-reason': limitedBy,
        'stripe-should-retry': 'true',
      });
      return;
    }
    const key = method === 'POST' ? ((req.headers['idempotency-key'] as string | undefined) ?? null) : null;
    const headers: Record<string, string> = { ...cors, 'request-id': requestId, ...(key ? { 'idempotency-key': key } : {}) };
    let fingerprint = '';
    if (key !== null) {
      if (key.length > 255) {
        const error = Errors.idempotencyKeyTooLong();
        send(res, error.status, JSON.stringify({ error: error.body }, null, 2), headers);
        return;
      }
      fingerprint = createHash('sha256')
        .update(JSON.stringify(canonical({ auth: apiKeyOf(req), path: url.pathname, params: parse(body, { depth: 10, arrayLimit: 100 }) })))
        .digest('hex');
      const stored = idempotency.get(key);
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          const error = Errors.idempotencyMismatch(key);
          send(res, error.status, JSON.stringify({ error: error.body }, null, 2), headers);
          return;
        }
        send(res, stored.status, stored.body, { ...headers, 'idempotent-replayed': 'true' });
        return;
      }
    }
    let status: number;
    let payload: string;
    let store: boolean;
    try {
      ({ status, body: payload, store } = execute(req, url, body, requestId));
    } catch (err) {
      if (err instanceof StripeApiError) {
        status = err.status;
        payload = JSON.stringify({ error: err.body }, null, 2);
        // Like Stripe, a request refused before it ran (auth, bad parameters) leaves the key free for a retry.
        store = !(status === 401 || status >= 500 || (status === 400 && (err.body.code ?? '').startsWith('parameter_')));
      } else {
        logger.warn(`internal error on ${method} ${url.pathname}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        const error = Errors.internal();
        status = error.status;
        payload = JSON.stringify({ error: error.body }, null, 2);
        store = false;
      }
    }
    if (key !== null && store) idempotency.set(key, { fingerprint, status, body: payload });
    if (req.method === 'POST') stateFile?.scheduleSave();
    send(res, status, payload, headers);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      logger.warn(`request failed: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) send(res, 500, JSON.stringify({ error: Errors.internal().body }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${port}`;
  baseUrl = (options.publicUrl ?? url).replace(/\/$/, '');
  logger.info(`Stripe emulator listening on ${url}`);
  return {
    url,
    port,
    state,
    get webhooks() {
      return webhooks;
    },
    setWebhookEndpoint,
    rateLimitStats: () => limiter.stats(),
    close: async () => {
      stateFile?.saveNow();
      await webhooks?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
