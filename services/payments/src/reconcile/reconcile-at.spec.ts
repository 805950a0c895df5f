import { describe, expect, it } from '@jest/globals';
import { parseSince } from './reconcile-at.js';

describe(parseSince.name, () => {
  const now = new Date('2026-12-02T00:00:00Z');

  it('takes an ISO 8601 time or Unix seconds', () => {
    expect(parseSince('2026-12-01T10:00:00Z', now)).toEqual(new Date('2026-12-01T10:00:00Z'));
    expect(parseSince('2026-12-01T10:00:00+01:00', now)).toEqual(new Date('2026-12-01T09:00:00Z'));
    expect(parseSince('1764583200', now)).toEqual(new Date(1764583200 * 1000));
  });

  it('refuses anything else, and a time in the future', () => {
    for (const bad of [undefined, '', ' ', 'yesterday', '2026-13-01T00:00:00Z', '12', '2026-12-03T00:00:00Z']) {
      expect(parseSince(bad, now)).toBeNull();
    }
  });
});
