import type { CSSProperties } from 'react';
import type { EmbedEventDetail, EmbedEventName } from '@paymarket/contracts';
import { EMBED_MESSAGE_SOURCE, EMBED_TOKEN_HEADER } from '@/lib/contracts-light';

// The embedded checkout's side of the widget (ADR 0052): who embeds it, its token, how it talks to the host page.

/**
 * The origin of the page this checkout is framed in: `location.ancestorOrigins` (Chromium, Safari), else the
 * referrer's origin (the host page's default referrer policy sends it). Null at the top level or when unknown.
 */
export function embeddingOrigin(win: Window = window): string | null {
  if (win.parent === win) return null;
  const ancestors = win.location.ancestorOrigins;
  const first = ancestors !== undefined && ancestors.length > 0 ? ancestors[0] : undefined;
  if (first !== undefined && first !== 'null') return first;
  try {
    const referrer = win.document.referrer;
    return referrer === '' ? null : new URL(referrer).origin;
  } catch {
    return null;
  }
}

/** The widget puts the embed token in the fragment (`#token=…`), which browsers never send to a server. */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash).get('token');
  return token === null || token === '' ? null : token;
}

/** Tells the host page what happened, and only the host page: never '*' (another frame could be listening). */
export function postToHost(targetOrigin: string, type: EmbedEventName, detail: EmbedEventDetail, win: Window = window): void {
  win.parent.postMessage({ source: EMBED_MESSAGE_SOURCE, type, detail }, targetOrigin);
}

/** A JSON call of the embedded checkout with its token; throws `Error("{status}: {body}")` like the app's other calls. */
export async function embedRequest<T>(
  method: 'GET' | 'POST',
  url: string,
  token: string,
  options: { body?: unknown; idempotencyKey?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { [EMBED_TOKEN_HEADER]: token };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey !== undefined) headers['Idempotency-Key'] = options.idempotencyKey;
  const res = await fetch(url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
  });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return (await res.json()) as T;
}

const HEX = /^#([0-9a-f]{6})$/i;

/** sRGB relative luminance of #rrggbb (WCAG 2). */
function luminance(hex: string): number {
  const channels = [0, 2, 4].map((i) => Number.parseInt(hex.slice(1 + i, 3 + i), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The marketplace's accent as the theme's primary colour (buttons, focus rings), with white or dark text on it
 * (whichever contrasts more: the two meet near luminance 0.2). Nothing when it has no accent (PayMarket's colours stay).
 */
export function accentStyle(accent: string | null): CSSProperties {
  if (accent === null || !HEX.test(accent)) return {};
  const onAccent = luminance(accent) > 0.2 ? '#0f172a' : '#ffffff';
  return { '--color-primary': accent, '--color-ring': accent, '--color-primary-foreground': onAccent } as CSSProperties;
}
