import { describe, expect, it } from '@jest/globals';
import { etagMatches, etagOf, PublicReadCache } from './public-read-cache.js';

describe(PublicReadCache.name, () => {
  const make = (ttlMs = 1000, maxEntries = 500) => {
    let now = 0;
    const sut = new PublicReadCache(ttlMs, maxEntries, () => now);
    sut.setLive(true);
    return { sut, advance: (ms: number) => (now += ms) };
  };

  it('keeps an answer with the exact bytes and a strong ETag of them, by key', () => {
    const { sut } = make();
    const stored = sut.store(sut.ticket(), 'page1', { a: 1 });
    expect(sut.read('page1')).toEqual({ body: '{"a":1}', etag: etagOf('{"a":1}'), storedAt: 0 });
    expect(sut.read('page2')).toBeUndefined();
    expect(stored.etag).toMatch(/^"[\w-]{27}"$/);
  });

  it('never keeps an answer read before an invalidation', () => {
    const { sut } = make();
    const ticket = sut.ticket();
    sut.invalidate(); // a seller edit landed while the read was in flight
    const answer = sut.store(ticket, 'k', { old: true });
    expect(answer.body).toBe('{"old":true}'); // still answered to its caller
    expect(sut.read('k')).toBeUndefined();
  });

  it('drops every key on invalidate, and reads none past the TTL', () => {
    const { sut, advance } = make(1000);
    sut.store(sut.ticket(), 'a', 1);
    sut.store(sut.ticket(), 'b', 1);
    sut.invalidate();
    expect([sut.read('a'), sut.read('b')]).toEqual([undefined, undefined]);
    sut.store(sut.ticket(), 'a', 2);
    advance(999);
    expect(sut.read('a')?.body).toBe('2');
    advance(1);
    expect(sut.read('a')).toBeUndefined();
  });

  it('serves an answer past its TTL once more while one refresh runs, but never one an invalidation dropped', async () => {
    const { sut, advance } = make(1000);
    sut.store(sut.ticket(), 'k', 'old');
    advance(1000);
    let calls = 0;
    const loader = async () => {
      calls++;
      return 'new';
    };
    const served = await sut.load('k', loader);
    expect([served.kept, served.answer.body]).toEqual([true, '"old"']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toBe(1);
    expect(sut.read('k')?.body).toBe('"new"');
    sut.invalidate();
    expect((await sut.load('k', loader)).value).toBe('new'); // loaded, not the dropped answer
    expect(calls).toBe(2);
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const { sut } = make(1000, 2);
    for (const key of ['a', 'b', 'c']) sut.store(sut.ticket(), key, key);
    expect(sut.size).toBe(2);
    expect(sut.read('a')).toBeUndefined();
    expect(sut.read('c')?.body).toBe('"c"');
  });

  it('keeps nothing while changes are not announced', () => {
    const { sut } = make();
    sut.store(sut.ticket(), 'k', 1);
    sut.setLive(false);
    expect(sut.read('k')).toBeUndefined();
    sut.store(sut.ticket(), 'k', 2);
    expect(sut.read('k')).toBeUndefined();
    sut.setLive(true);
    sut.store(sut.ticket(), 'k', 3);
    expect(sut.read('k')?.body).toBe('3');
  });

  it('matches If-None-Match lists, weak tags and *', () => {
    expect(etagMatches('"x"', '"x"')).toBe(true);
    expect(etagMatches('W/"x"', '"x"')).toBe(true);
    expect(etagMatches('"y", "x"', '"x"')).toBe(true);
    expect(etagMatches('*', '"x"')).toBe(true);
    expect(etagMatches('"y"', '"x"')).toBe(false);
    expect(etagMatches(undefined, '"x"')).toBe(false);
  });
});

describe('PublicReadCache.load', () => {
  it('loads once for callers missing together, and never joins a load older than an invalidation', async () => {
    const sut = new PublicReadCache(1000);
    sut.setLive(true);
    let calls = 0;
    let release: (v: number) => void = () => undefined;
    const loader = () => {
      calls++;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const first = sut.load('k', loader);
    const second = sut.load('k', loader);
    release(1);
    expect((await first).value).toBe(1);
    expect((await second).value).toBe(1);
    expect(calls).toBe(1);
    expect((await sut.load('k', loader)).kept).toBe(true);

    sut.invalidate();
    const before = sut.load('k', loader);
    const releaseBefore = release;
    sut.invalidate(); // a write landed while `before` was loading
    const after = sut.load('k', loader);
    expect(calls).toBe(3);
    releaseBefore(2);
    release(3);
    expect((await before).value).toBe(2);
    expect((await after).value).toBe(3);
    expect(sut.read('k')?.body).toBe('3');
  });
});
