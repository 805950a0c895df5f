import { describe, expect, it } from '@jest/globals';
import { WEBHOOK_ENDPOINT_MESSAGES as M } from '@paymarket/contracts';
import { isPrivateAddress, webhookUrlProblem } from './webhook-url.js';

const prod = { production: true };
const dev = { production: false };

describe(webhookUrlProblem.name, () => {
  it('accepts a public https URL in both environments', () => {
    expect(webhookUrlProblem('https://hooks.acme.com/paymarket?x=1', prod)).toBeNull();
    expect(webhookUrlProblem('https://hooks.acme.com:8443/in', dev)).toBeNull();
    expect(webhookUrlProblem('https://8.8.8.8/in', prod)).toBeNull();
  });

  it('requires https in production; allows http only to localhost or 127.0.0.1 in development', () => {
    expect(webhookUrlProblem('http://hooks.acme.com/in', prod)).toBe(M.URL);
    expect(webhookUrlProblem('http://localhost:4000/in', prod)).toBe(M.URL);
    expect(webhookUrlProblem('http://hooks.acme.com/in', dev)).toBe(M.URL);
    expect(webhookUrlProblem('http://localhost:4000/in', dev)).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:4000/in', dev)).toBeNull();
    expect(webhookUrlProblem('http://10.0.0.5/in', dev)).toBe(M.URL);
  });

  it('refuses what is not an http(s) URL', () => {
    for (const raw of ['', 'hooks.acme.com', 'ftp://hooks.acme.com/x', 'javascript:alert(1)', 'https://', 'file:///etc/passwd']) {
      expect(webhookUrlProblem(raw, dev)).toBe(M.URL);
    }
  });

  it('refuses credentials in the URL', () => {
    expect(webhookUrlProblem('https://user:pass@hooks.acme.com/in', prod)).toBe(M.URL_CREDENTIALS);
    expect(webhookUrlProblem('https://user@hooks.acme.com/in', dev)).toBe(M.URL_CREDENTIALS);
    expect(webhookUrlProblem('http://a:b@localhost/in', dev)).toBe(M.URL_CREDENTIALS);
  });

  it('refuses private, loopback and link-local IP literals (and localhost) in production', () => {
    for (const host of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '[::1]',
      '[::]',
      '[fd00::1]',
      '[fe80::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:a9fe:a9fe]',
      '2130706433', // 127.0.0.1 as one number; URL normalises it
      '0x7f.1',
      'localhost',
      'api.localhost',
    ]) {
      expect([host, webhookUrlProblem(`https://${host}/in`, prod)]).toEqual([host, M.URL_PRIVATE_HOST]);
    }
    expect(webhookUrlProblem('https://172.32.0.1/in', prod)).toBeNull();
    expect(webhookUrlProblem('https://[2001:4860:4860::8888]/in', prod)).toBeNull();
  });
});

describe(isPrivateAddress.name, () => {
  it('tells private addresses from public ones and host names', () => {
    expect(isPrivateAddress('192.168.0.10')).toBe(true);
    expect(isPrivateAddress('fc00::1')).toBe(true);
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
    expect(isPrivateAddress('hooks.acme.com')).toBe(false);
  });
});
