// The embed widget (ADR 0052): the script marketplaces paste on their pages. Framework-free and small (a test keeps
// it under 30 KB gzip); it imports only the contracts' decorator-free widget constants. It never handles card data: it
// asks PayMarket whether this page may embed the marketplace's checkout, shows the checkout in an iframe served by
// PayMarket, and passes the iframe's events on to the page as DOM events.
import {
  EMBED_EVENTS,
  EMBED_MESSAGE_SOURCE,
  EMBED_MESSAGES,
  type EmbedEventDetail,
  type EmbedEventName,
} from '../../libs/contracts/src/dtos/marketplaces/embed-widget';
import type { EmbedConfigResponse } from '../../libs/contracts/src/dtos/marketplaces/embed.dto';

/** The container the guide's snippet puts on the page; used when the script names none (data-target). */
export const DEFAULT_CONTAINER_ID = 'paymarket-checkout';
const MOUNTED = 'data-paymarket-mounted';
const WIDGET_PATH = /^\/widget(?:\/[0-9a-f]{8,64})?\.js$/;
const KNOWN_EVENTS = new Set<string>(Object.values(EMBED_EVENTS));
const MIN_HEIGHT = 200;
const MAX_HEIGHT = 4000;
export const INITIAL_HEIGHT = 640;
export const LOAD_FAILED = 'PayMarket checkout could not be loaded. Please try again later.';

/** What a page can set on the script tag (or on the container; the script's own attributes win). */
export interface WidgetOptions {
  /** data-marketplace: the domain the marketplace registered. */
  marketplace: string;
  /** data-seller: a seller's id, paid instead of a choice from the catalog. */
  seller?: string;
  /** data-provider: a print provider's connected account (acct_…): the recipient, or with data-seller the producer. */
  provider?: string;
  /** data-provider-cost: with data-seller and data-provider, the provider's cost inside the amount, e.g. "46.44". */
  providerCost?: string;
  /** data-amount: the amount, e.g. "25.00" (fixed in the checkout). */
  amount?: string;
  /** data-currency: usd or cad. */
  currency?: string;
  /** data-order-id: the page's own reference for the order. */
  orderId?: string;
  /** data-target: a CSS selector of the element to render into. */
  target?: string;
}

export interface MountedWidget {
  container: HTMLElement;
  /** The checkout iframe; null when the checkout is not shown (not enabled for this site, or it failed to load). */
  iframe: HTMLIFrameElement | null;
  /** Removes the iframe and stops listening. */
  destroy(): void;
}

export interface WidgetEnvironment {
  document: Document;
  window: Window;
  fetch: typeof fetch;
}

function isWidgetScript(script: HTMLScriptElement, base: string): boolean {
  if (!script.src) return false;
  try {
    return WIDGET_PATH.test(new URL(script.src, base).pathname);
  } catch {
    return false;
  }
}

/**
 * The script tag being run: `document.currentScript` (set for classic scripts, async ones included), or else the first
 * /widget.js tag not mounted yet (a browser without currentScript).
 */
export function currentWidgetScript(doc: Document): HTMLScriptElement | null {
  const current = doc.currentScript;
  if (current instanceof HTMLScriptElement && !current.hasAttribute(MOUNTED)) return current;
  const scripts = Array.from(doc.getElementsByTagName('script'));
  return scripts.find((s) => !s.hasAttribute(MOUNTED) && isWidgetScript(s, doc.baseURI)) ?? null;
}

function attribute(name: string, script: HTMLElement, container: HTMLElement | null): string | undefined {
  const value = script.getAttribute(name) ?? container?.getAttribute(name) ?? undefined;
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

/** The element the checkout renders into: data-target, else #paymarket-checkout, else a new div right after the script. */
export function containerFor(script: HTMLScriptElement, doc: Document): HTMLElement {
  const target = script.getAttribute('data-target')?.trim();
  if (target) {
    try {
      const found = doc.querySelector(target);
      if (found instanceof HTMLElement) return found;
    } catch {
      // Not a valid selector: fall back like a selector that matches nothing.
    }
  }
  const byId = doc.getElementById(DEFAULT_CONTAINER_ID);
  if (byId && !byId.hasAttribute(MOUNTED)) return byId;
  const div = doc.createElement('div');
  div.className = 'paymarket-checkout';
  script.insertAdjacentElement('afterend', div);
  return div;
}

export function readOptions(script: HTMLScriptElement, container: HTMLElement | null): WidgetOptions {
  const read = (name: string) => attribute(name, script, container);
  return {
    marketplace: read('data-marketplace') ?? '',
    seller: read('data-seller'),
    provider: read('data-provider'),
    providerCost: read('data-provider-cost'),
    amount: read('data-amount'),
    currency: read('data-currency')?.toLowerCase(),
    orderId: read('data-order-id'),
    target: script.getAttribute('data-target') ?? undefined,
  };
}

/** The iframe's address: the checkout path, the page's choices as a query, the token in the fragment (never sent to servers). */
export function checkoutUrl(origin: string, config: EmbedConfigResponse, options: WidgetOptions): string {
  const query = new URLSearchParams({ marketplace: options.marketplace });
  const optional: Array<[string, string | undefined]> = [
    ['seller', options.seller],
    ['provider', options.provider],
    ['providerCost', options.providerCost],
    ['amount', options.amount],
    ['currency', options.currency],
    ['orderId', options.orderId],
  ];
  for (const [name, value] of optional) if (value !== undefined) query.set(name, value);
  return `${origin}${config.checkoutPath}?${query.toString()}#token=${encodeURIComponent(config.token)}`;
}

function emit(container: HTMLElement, type: EmbedEventName | string, detail: EmbedEventDetail): void {
  container.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));
}

function renderNotice(container: HTMLElement, doc: Document, message: string): void {
  const notice = doc.createElement('div');
  notice.className = 'paymarket-notice';
  notice.setAttribute('role', 'status');
  notice.style.cssText =
    'box-sizing:border-box;padding:16px;border:1px solid #e2e8f0;border-radius:8px;background:#f8fafc;color:#0f172a;font:14px/1.5 system-ui,sans-serif';
  // Text only: a message is never parsed as HTML.
  notice.textContent = message;
  container.replaceChildren(notice);
}

async function errorMessage(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Shows the marketplace's checkout for this script tag. PayMarket decides whether this page may (its Origin must be
 * one of the marketplace's domains); if not, the container says so and `paymarket:not_enabled` is dispatched on it.
 */
export async function mountWidget(
  script: HTMLScriptElement,
  env: WidgetEnvironment = { document, window, fetch: (input, init) => fetch(input, init) },
): Promise<MountedWidget> {
  const doc = env.document;
  script.setAttribute(MOUNTED, '');
  const origin = new URL(script.src, doc.baseURI).origin;
  const container = containerFor(script, doc);
  container.setAttribute(MOUNTED, '');
  const options = readOptions(script, container);
  const mounted: MountedWidget = { container, iframe: null, destroy: () => undefined };
  const refuse = (message: string, event = true): MountedWidget => {
    renderNotice(container, doc, message);
    if (event) emit(container, EMBED_EVENTS.NOT_ENABLED, { marketplace: options.marketplace, message });
    return mounted;
  };

  if (options.marketplace === '') return refuse(EMBED_MESSAGES.MARKETPLACE_REQUIRED);
  let response: Response;
  try {
    // No cookies: the answer depends only on the page's origin, which the browser states in the Origin header.
    response = await env.fetch(`${origin}/api/embed/config?marketplace=${encodeURIComponent(options.marketplace)}`, {
      credentials: 'omit',
      mode: 'cors',
    });
  } catch {
    return refuse(LOAD_FAILED, false);
  }
  if (response.status === 403) return refuse(EMBED_MESSAGES.NOT_ENABLED);
  if (response.status === 400 || response.status === 409) return refuse((await errorMessage(response)) ?? EMBED_MESSAGES.NOT_READY);
  if (!response.ok) return refuse(LOAD_FAILED, false);
  const config = (await response.json()) as EmbedConfigResponse;

  const iframe = doc.createElement('iframe');
  iframe.src = checkoutUrl(origin, config, options);
  iframe.title = `Checkout: ${config.marketplace.displayName}`;
  iframe.setAttribute('allow', 'payment');
  iframe.style.cssText = `display:block;width:100%;min-width:280px;height:${INITIAL_HEIGHT}px;border:0;background:transparent`;
  container.replaceChildren(iframe);

  // Only what PayMarket's checkout in this iframe posts, in the documented shape, reaches the page.
  const onMessage = (event: MessageEvent): void => {
    if (event.origin !== origin || event.source !== iframe.contentWindow) return;
    const data = event.data as { source?: unknown; type?: unknown; detail?: unknown } | null;
    if (typeof data !== 'object' || data === null || data.source !== EMBED_MESSAGE_SOURCE) return;
    if (typeof data.type !== 'string' || !KNOWN_EVENTS.has(data.type)) return;
    const detail = (typeof data.detail === 'object' && data.detail !== null ? data.detail : {}) as EmbedEventDetail;
    if (data.type === EMBED_EVENTS.RESIZE && typeof detail.height === 'number' && Number.isFinite(detail.height)) {
      iframe.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(detail.height)))}px`;
    }
    emit(container, data.type, detail);
  };
  env.window.addEventListener('message', onMessage);
  mounted.iframe = iframe;
  mounted.destroy = () => {
    env.window.removeEventListener('message', onMessage);
    iframe.remove();
  };
  return mounted;
}
