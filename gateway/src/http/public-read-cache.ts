import { createHash } from 'node:crypto';
import { createLogger } from '@paymarket/platform';

const log = createLogger('public-read-cache');

/** A cached JSON answer: its exact bytes and their strong ETag. */
export interface CachedAnswer {
  readonly body: string;
  readonly etag: string;
  readonly storedAt: number;
}

/**
 * Public JSON answers kept in memory, by key (the page's query), ADR 0044. Never stale after a change it is told
 * of: `invalidate()` drops every answer at once, and an answer read before an invalidation cannot be stored after
 * it (each read takes a `ticket()`; `store` keeps the answer only if no invalidation happened since). While the
 * source of invalidations is down (`setLive(false)`) nothing is kept, since a change could go unnoticed. The TTL
 * bounds what no event announces (the demo seed, rows written by hand); `maxEntries` bounds memory (oldest first).
 */
export class PublicReadCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly loading = new Map<string, { generation: number; promise: Promise<Loaded<unknown>> }>();
  private generation = 0;
  private live = false;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  /** The fresh answer under `key` (an expired one stays for `load` to serve while it refreshes). */
  read(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    return entry !== undefined && this.now() - entry.storedAt < this.ttlMs ? entry : undefined;
  }

  /** Take before reading the source; hand to `store`. */
  ticket(): number {
    return this.generation;
  }

  /** Serialises `value` (as Fastify would) and keeps it if nothing was invalidated since `ticket` was taken. */
  store(ticket: number, key: string, value: unknown): CachedAnswer {
    const body = JSON.stringify(value);
    const answer: CachedAnswer = { body, etag: etagOf(body), storedAt: this.now() };
    if (this.live && ticket === this.generation) {
      this.entries.delete(key);
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, answer);
    }
    return answer;
  }

  /**
   * The answer under `key`: kept, or loaded once however many callers miss at the same moment (they share the load
   * started since the last invalidation; a load older than that is never joined).
   */
  async load<T>(key: string, loader: () => Promise<T>): Promise<Loaded<T>> {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      // Past its TTL (which only bounds changes no event announces): served once more while one refresh runs, so
      // readers never queue behind the reload. An announced change has removed the entry already.
      if (this.now() - entry.storedAt >= this.ttlMs)
        this.refresh(key, loader).catch((err: unknown) => {
          // The stale page is dropped, so the next reader loads (and sees the failure) itself; the cause is logged.
          this.entries.delete(key);
          log.warn({ err, key }, 'refreshing a cached public read failed');
        });
      return { answer: entry, value: undefined, kept: true };
    }
    return this.refresh(key, loader);
  }

  private async refresh<T>(key: string, loader: () => Promise<T>): Promise<Loaded<T>> {
    const pending = this.loading.get(key);
    if (pending !== undefined && pending.generation === this.generation) return (await pending.promise) as Loaded<T>;
    const ticket = this.generation;
    const promise = loader().then((value): Loaded<T> => ({ answer: this.store(ticket, key, value), value, kept: false }));
    this.loading.set(key, { generation: ticket, promise });
    try {
      return await promise;
    } finally {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    }
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Whether changes are being announced; any flip drops what is kept. */
  setLive(live: boolean): void {
    this.live = live;
    this.invalidate();
  }

  get isLive(): boolean {
    return this.live;
  }

  get size(): number {
    return this.entries.size;
  }
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** RFC 9110 If-None-Match: `*` or a list of (weak or strong) tags; weak comparison. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** An answer from `load`: `value` is set when it was loaded now (not `kept`). */
export interface Loaded<T> {
  answer: CachedAnswer;
  value: T | undefined;
  kept: boolean;
}

/** Where answerFromCache sets its headers. */
interface HeaderTarget {
  header(name: string, value: string): unknown;
  code(status: number): unknown;
  readonly request: { readonly headers: Readonly<Record<string, string | string[] | undefined>> };
}

/**
 * Answers a public read from `cache` under `key`, or loads it (and keeps it unless a change landed meanwhile). Sets
 * `Cache-Control` and the ETag; a matching If-None-Match gets 304 and no body. A hit answers the stored bytes as
 * they are (no serialisation).
 */
export async function answerFromCache<T>(
  cache: PublicReadCache,
  key: string,
  reply: HeaderTarget,
  cacheControl: string,
  load: () => Promise<T>,
): Promise<T | string | undefined> {
  const { answer, value, kept } = await cache.load(key, load);
  reply.header('cache-control', cacheControl);
  reply.header('etag', answer.etag);
  const ifNoneMatch = reply.request.headers['if-none-match'];
  if (etagMatches(typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined, answer.etag)) {
    reply.code(304);
    return undefined;
  }
  if (!kept) return value;
  reply.header('content-type', 'application/json; charset=utf-8');
  return answer.body;
}
