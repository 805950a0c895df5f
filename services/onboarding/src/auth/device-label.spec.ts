import { describe, expect, it } from '@jest/globals';
import { deviceLabel, normaliseClient, USER_AGENT_MAX_LENGTH } from './device-label.js';

describe(deviceLabel.name, () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on Linux'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    ['Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0', 'Firefox on Android'],
    ['curl/8.5.0', 'curl'],
    ['Mozilla/5.0 (X11; Linux x86_64)', 'Browser on Linux'],
    ['something else entirely', 'Unknown device'],
    ['', 'Unknown device'],
    [null, 'Unknown device'],
  ])('labels %p as %p', (ua, label) => {
    expect(deviceLabel(ua)).toBe(label);
  });
});

describe(normaliseClient.name, () => {
  it('caps the user agent and turns anything that is not a string into null', () => {
    expect(normaliseClient({ userAgent: 'x'.repeat(5000), ip: '10.0.0.1' })).toEqual({
      userAgent: 'x'.repeat(USER_AGENT_MAX_LENGTH),
      ip: '10.0.0.1',
    });
    expect(normaliseClient({ userAgent: 42, ip: {} })).toEqual({ userAgent: null, ip: null });
    expect(normaliseClient({})).toEqual({ userAgent: null, ip: null });
  });
});
