const PROBE_ORIGIN = 'https://paymarket.invalid';

/**
 * The `return_to` of /payment-success as a same-origin path, or `fallback`. Only relative paths starting with one
 * '/' are kept: an absolute or protocol-relative URL would make the page an open redirect.
 */
export function safeReturnPath(value: string | null | undefined, fallback = '/payment'): string {
  if (value === null || value === undefined) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  try {
    // The URL parser drops tabs and newlines and reads backslashes as slashes: check what a browser would resolve.
    const url = new URL(value, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** Where the card provider sends the browser back after an authentication step. */
export function paymentReturnUrl(returnTo: string): string {
  return `${window.location.origin}/payment-success?return_to=${encodeURIComponent(returnTo)}`;
}
