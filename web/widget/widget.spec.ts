import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { EMBED_EVENTS, EMBED_MESSAGES, type EmbedConfigResponse } from '@paymarket/contracts';
import { fakeResponse } from '../test/fake-response';
import { currentWidgetScript, INITIAL_HEIGHT, LOAD_FAILED, mountWidget, type MountedWidget } from './widget';

const PAYMARKET = 'https://pay.example.net';
const CONFIG: EmbedConfigResponse = {
  marketplace: { domain: 'shop.example.test', displayName: 'Shop Example', accentColor: '#4f46e5', logoUrl: null },
  token: 'v1.abc.def/+=',
  expiresAt: '2026-11-27T11:00:00.000Z',
  checkoutPath: '/embed/checkout',
  developmentMode: true,
};

/** The guide's snippet as a page would have it, with `scriptAttributes` added to the script tag. */
function page(
  scriptAttributes = '',
  container = '<div id="paymarket-checkout" data-marketplace="shop.example.test" data-currency="usd"></div>',
) {
  document.body.innerHTML = `<main><h1>Shop</h1>${container}<script src="${PAYMARKET}/widget.js" data-marketplace="shop.example.test" ${scriptAttributes} async></script><footer>end</footer></main>`;
  return document.querySelector('script')!;
}

function fetchAnswering(status: number, body: unknown) {
  return jest.fn<typeof fetch>(async () => fakeResponse(status, JSON.stringify(body)));
}

const mounted: MountedWidget[] = [];
async function mount(script: HTMLScriptElement, fetchImpl: typeof fetch): Promise<MountedWidget> {
  const widget = await mountWidget(script, { document, window, fetch: fetchImpl });
  mounted.push(widget);
  return widget;
}

/** What the checkout posts to its parent, as the browser delivers it. */
function post(source: MessageEventSource | null, data: unknown, origin = PAYMARKET): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

describe('the embed widget (/widget.js)', () => {
  afterEach(() => {
    for (const widget of mounted.splice(0)) widget.destroy();
    document.body.innerHTML = '';
  });

  it("asks PayMarket (the script's own origin) for the marketplace's config, without cookies", async () => {
    const fetchImpl = fetchAnswering(200, CONFIG);
    await mount(page(), fetchImpl);

    expect(fetchImpl).toHaveBeenCalledWith(`${PAYMARKET}/api/embed/config?marketplace=shop.example.test`, {
      credentials: 'omit',
      mode: 'cors',
    });
  });

  it('shows the checkout in an iframe from PayMarket, with the token in the fragment only', async () => {
    const script = page('data-provider="acct_1PMDemoPrintCo00001" data-amount="25.00" data-order-id="shop-1001"');
    const widget = await mount(script, fetchAnswering(200, CONFIG));

    const iframe = document.querySelector('#paymarket-checkout iframe') as HTMLIFrameElement;
    expect(widget.iframe).toBe(iframe);
    const src = new URL(iframe.src);
    expect(src.origin).toBe(PAYMARKET);
    expect(src.pathname).toBe('/embed/checkout');
    expect(Object.fromEntries(src.searchParams)).toEqual({
      marketplace: 'shop.example.test',
      provider: 'acct_1PMDemoPrintCo00001',
      amount: '25.00',
      // From the guide's container: the script's own attributes win, the container's fill in.
      currency: 'usd',
      orderId: 'shop-1001',
    });
    expect(src.search).not.toContain('token');
    expect(src.hash).toBe(`#token=${encodeURIComponent(CONFIG.token)}`);
    expect(iframe.title).toBe('Checkout: Shop Example');
    expect(iframe.style.height).toBe(`${INITIAL_HEIGHT}px`);
  });

  it('passes a fixed seller on', async () => {
    await mount(page('data-seller="42" data-currency="CAD"'), fetchAnswering(200, CONFIG));
    const src = new URL((document.querySelector('iframe') as HTMLIFrameElement).src);
    expect(src.searchParams.get('seller')).toBe('42');
    expect(src.searchParams.get('currency')).toBe('cad');
  });

  it('passes a seller with the print provider that makes the order, and its cost, on', async () => {
    await mount(page('data-seller="42" data-provider="acct_1PMDemoPrintCo00001" data-provider-cost="46.44"'), fetchAnswering(200, CONFIG));
    const src = new URL((document.querySelector('iframe') as HTMLIFrameElement).src);
    expect(src.searchParams.get('seller')).toBe('42');
    expect(src.searchParams.get('provider')).toBe('acct_1PMDemoPrintCo00001');
    expect(src.searchParams.get('providerCost')).toBe('46.44');
  });

  it('renders into data-target, or a new element right after the script when the page has no container', async () => {
    const script = page('', '<section id="pay-here"></section>');
    await mount(script, fetchAnswering(200, CONFIG));
    const after = script.nextElementSibling!;
    expect(after.className).toBe('paymarket-checkout');
    expect(after.querySelector('iframe')).not.toBeNull();

    document.body.innerHTML = '';
    const targeted = page('data-target="#pay-here"', '<section id="pay-here"></section>');
    await mount(targeted, fetchAnswering(200, CONFIG));
    expect(document.querySelector('#pay-here iframe')).not.toBeNull();
  });

  it('on another site: says checkout is not enabled, creates no iframe, and tells the page', async () => {
    const script = page();
    const events: CustomEvent[] = [];
    document.addEventListener(EMBED_EVENTS.NOT_ENABLED, (event) => events.push(event as CustomEvent));
    const widget = await mount(script, fetchAnswering(403, { statusCode: 403, error: 'Forbidden', message: EMBED_MESSAGES.NOT_ENABLED }));

    expect(widget.iframe).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
    const notice = document.querySelector('#paymarket-checkout [role="status"]')!;
    expect(notice.textContent).toBe('PayMarket checkout is not enabled for this site.');
    // Bubbles from the container to the document.
    expect(events).toHaveLength(1);
    expect(events[0]!.detail).toEqual({ marketplace: 'shop.example.test', message: EMBED_MESSAGES.NOT_ENABLED });
  });

  it("shows the server's reason when the marketplace cannot take payments yet", async () => {
    const reason = `${EMBED_MESSAGES.NOT_READY} Add a payout account.`;
    await mount(page(), fetchAnswering(409, { statusCode: 409, error: 'Conflict', message: reason }));
    expect(document.querySelector('[role="status"]')!.textContent).toBe(reason);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('never renders a message as HTML', async () => {
    await mount(page(), fetchAnswering(409, { statusCode: 409, error: 'Conflict', message: '<img src=x onerror=alert(1)>' }));
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('[role="status"]')!.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  it('says so when PayMarket cannot be reached', async () => {
    const fetchImpl = jest.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch')));
    await mount(page(), fetchImpl);
    expect(document.querySelector('[role="status"]')!.textContent).toBe(LOAD_FAILED);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('needs data-marketplace', async () => {
    document.body.innerHTML = `<script src="${PAYMARKET}/widget.js" async></script>`;
    const fetchImpl = fetchAnswering(200, CONFIG);
    await mount(document.querySelector('script')!, fetchImpl);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(document.querySelector('[role="status"]')!.textContent).toBe(EMBED_MESSAGES.MARKETPLACE_REQUIRED);
  });

  describe("the checkout's events", () => {
    async function shown() {
      const widget = await mount(page(), fetchAnswering(200, CONFIG));
      const events: CustomEvent[] = [];
      for (const type of Object.values(EMBED_EVENTS)) document.addEventListener(type, (event) => events.push(event as CustomEvent));
      return { iframe: widget.iframe!, events };
    }

    it('are dispatched on the container as bubbling CustomEvents with the same detail', async () => {
      const { iframe, events } = await shown();
      const detail = {
        marketplace: 'shop.example.test',
        orderId: '5b0c2f4e-7d1a-4c86-9a57-0e2f3c1d9b10',
        reference: 'shop-1001',
        paymentIntentId: 'pi_123456789',
        amount: '25.00',
        currency: 'usd',
      };
      post(iframe.contentWindow, { source: 'paymarket-checkout', type: EMBED_EVENTS.SUCCEEDED, detail });

      expect(events.map((e) => [e.type, e.detail, e.bubbles, e.target])).toEqual([
        [EMBED_EVENTS.SUCCEEDED, detail, true, document.getElementById('paymarket-checkout')],
      ]);
    });

    it('resize the iframe to the height the checkout reports (within bounds)', async () => {
      const { iframe, events } = await shown();
      post(iframe.contentWindow, {
        source: 'paymarket-checkout',
        type: EMBED_EVENTS.RESIZE,
        detail: { marketplace: 'shop.example.test', height: 812.4 },
      });
      expect(iframe.style.height).toBe('813px');
      post(iframe.contentWindow, { source: 'paymarket-checkout', type: EMBED_EVENTS.RESIZE, detail: { height: 1e9 } });
      expect(iframe.style.height).toBe('4000px');
      expect(events.map((e) => e.type)).toEqual([EMBED_EVENTS.RESIZE, EMBED_EVENTS.RESIZE]);
    });

    it.each([
      [
        'another origin',
        (iframe: HTMLIFrameElement) =>
          post(iframe.contentWindow, { source: 'paymarket-checkout', type: EMBED_EVENTS.SUCCEEDED }, 'https://evil.example'),
      ],
      ['another window', () => post(window, { source: 'paymarket-checkout', type: EMBED_EVENTS.SUCCEEDED })],
      [
        'another source',
        (iframe: HTMLIFrameElement) => post(iframe.contentWindow, { source: 'someone-else', type: EMBED_EVENTS.SUCCEEDED }),
      ],
      ['an unknown type', (iframe: HTMLIFrameElement) => post(iframe.contentWindow, { source: 'paymarket-checkout', type: 'click' })],
      ['a string', (iframe: HTMLIFrameElement) => post(iframe.contentWindow, 'paymarket:payment_succeeded')],
    ])('ignore messages from %s', async (_case, send) => {
      const { iframe, events } = await shown();
      send(iframe);
      expect(events).toEqual([]);
    });

    it('stop after destroy()', async () => {
      const widget = await mount(page(), fetchAnswering(200, CONFIG));
      const iframe = widget.iframe!;
      const source = iframe.contentWindow;
      const events: Event[] = [];
      document.addEventListener(EMBED_EVENTS.SUCCEEDED, (event) => events.push(event));
      widget.destroy();
      post(source, { source: 'paymarket-checkout', type: EMBED_EVENTS.SUCCEEDED });
      expect(events).toEqual([]);
      expect(document.querySelector('iframe')).toBeNull();
    });
  });
});

describe(currentWidgetScript.name, () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('finds the widget tag by its src when document.currentScript is not set (async in older browsers)', () => {
    document.body.innerHTML = [
      '<script src="https://cdn.example/analytics.js"></script>',
      `<script src="${PAYMARKET}/widget.js" data-marketplace="a.example.test" data-paymarket-mounted></script>`,
      `<script src="${PAYMARKET}/widget/0123456789abcdef.js" data-marketplace="b.example.test"></script>`,
    ].join('');
    expect(document.currentScript).toBeNull();
    expect(currentWidgetScript(document)?.getAttribute('data-marketplace')).toBe('b.example.test');
  });

  it('finds none when every widget tag is mounted', () => {
    document.body.innerHTML = `<script src="${PAYMARKET}/widget.js" data-paymarket-mounted></script>`;
    expect(currentWidgetScript(document)).toBeNull();
  });
});
