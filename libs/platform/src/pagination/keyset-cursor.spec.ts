import { describe, expect, it } from '@jest/globals';
import { decodeKeysetCursor, encodeKeysetCursor, keysetPage } from './keyset-cursor.js';

describe('keyset cursors', () => {
  const position = { createdAt: new Date('2026-11-25T10:00:00.123Z'), id: '5b0c2f4e-7d1a-4c86-9a57-0e2f3c1d9b10' };

  it('round-trips a position', () => {
    expect(decodeKeysetCursor(encodeKeysetCursor(position))).toEqual(position);
  });

  it('refuses anything it did not make', () => {
    for (const bad of [
      '',
      'abc',
      Buffer.from('2026-11-25|x').toString('base64url'),
      Buffer.from('nope|5b0c2f4e-7d1a-4c86-9a57-0e2f3c1d9b10').toString('base64url'),
    ]) {
      expect(decodeKeysetCursor(bad)).toBeNull();
    }
  });

  it('pages rows fetched with limit + 1', () => {
    const rows = [1, 2, 3].map((n) => ({ n, ...position }));
    expect(keysetPage(rows, 2, (r) => r)).toEqual({ data: rows.slice(0, 2), nextCursor: encodeKeysetCursor(position) });
    expect(keysetPage(rows, 3, (r) => r).nextCursor).toBeNull();
  });
});
