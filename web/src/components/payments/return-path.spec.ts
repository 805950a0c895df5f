import { describe, expect, it } from '@jest/globals';
import { safeReturnPath } from './return-path';

describe(safeReturnPath.name, () => {
  it('keeps same-origin relative paths with their query and hash', () => {
    expect(safeReturnPath('/direct-payment')).toBe('/direct-payment');
    expect(safeReturnPath('/orders?x=1#top')).toBe('/orders?x=1#top');
  });

  it.each([
    null,
    '',
    'orders',
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/\n/evil.example',
  ])('falls back for %j', (value) => {
    expect(safeReturnPath(value, '/payment')).toBe('/payment');
  });
});
