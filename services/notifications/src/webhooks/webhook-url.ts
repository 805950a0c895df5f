import { isIP } from 'node:net';
import { WEBHOOK_ENDPOINT_MESSAGES as M } from '@paymarket/contracts';

/**
 * Whether `raw` may be registered as a webhook endpoint (ADR 0033). Answers the message to show for the `url`
 * field, or null when the URL is acceptable:
 * - https:// only in production; in development also http:// to localhost or 127.0.0.1 (local receivers, tests);
 * - never a user name or password in the URL (it would be stored and logged with the URL);
 * - in production, never an IP literal in a private, loopback, link-local, CGNAT or unspecified range (SSRF).
 */
export function webhookUrlProblem(raw: string, options: { production: boolean }): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return M.URL;
  }
  if (url.username !== '' || url.password !== '') return M.URL_CREDENTIALS;
  const host = url.hostname;
  if (host === '') return M.URL;
  if (url.protocol === 'https:') {
    if (options.production && (isPrivateAddress(host) || isLocalName(host))) return M.URL_PRIVATE_HOST;
    return null;
  }
  if (url.protocol === 'http:' && !options.production && (host === 'localhost' || host === '127.0.0.1')) return null;
  return M.URL;
}

function isLocalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * True for an IP literal (IPv4, or IPv6 with or without brackets) that must not be reached from PayMarket's servers:
 * unspecified, loopback, private (RFC 1918, IPv6 ULA), link-local, CGNAT (100.64/10), and IPv4-mapped forms of them.
 * A host name answers false (names are checked again at connection time, see webhook-sender.ts).
 */
export function isPrivateAddress(host: string): boolean {
  const address = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const version = isIP(address);
  if (version === 4) return isPrivateIpv4(address);
  if (version !== 6) return false;
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return isPrivateIpv4(mapped[1]!);
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hexMapped) {
    const hi = parseInt(hexMapped[1]!, 16);
    const lo = parseInt(hexMapped[2]!, 16);
    return isPrivateIpv4(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  if (lower === '::' || lower === '::1') return true;
  const first = parseInt(lower.split(':')[0] || '0', 16);
  // fc00::/7 unique local, fe80::/10 link-local.
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80;
}

function isPrivateIpv4(address: string): boolean {
  const [a, b] = address.split('.').map(Number) as [number, number, number, number];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}
