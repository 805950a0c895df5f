import { describe, expect, it } from '@jest/globals';
import { clientAddressOf, LOOPBACK_CLIENT_HEADER, LOOPBACK_TOKEN_HEADER, loopbackHeaders } from './client-address.js';

describe(clientAddressOf.name, () => {
  it('counts a request against its own address', () => {
    expect(clientAddressOf({ ip: '198.51.100.4', headers: {} })).toBe('198.51.100.4');
  });

  it("counts this process's loopback read against the person it was made for", () => {
    expect(clientAddressOf({ ip: '127.0.0.1', headers: loopbackHeaders('203.0.113.7') })).toBe('203.0.113.7');
  });

  it('ignores a client header without the token, or with a forged one: nobody can choose the address they count against', () => {
    expect(clientAddressOf({ ip: '198.51.100.4', headers: { [LOOPBACK_CLIENT_HEADER]: '203.0.113.7' } })).toBe('198.51.100.4');
    const forged = { ...loopbackHeaders('203.0.113.7'), [LOOPBACK_TOKEN_HEADER]: 'guessed' };
    expect(clientAddressOf({ ip: '198.51.100.4', headers: forged })).toBe('198.51.100.4');
  });
});
