// The signed-in buyer of P5 and P7 (issue 34): a session the bench makes the way a buyer does, through the sign-in API
// (an emailed code, read from the development mailbox of embedded mode), handed to Lighthouse and the browser as the
// `pm_session` cookie. The buyer is one fixed address, registered on the bench's first run and kept in its data folder,
// with one paid order so /orders shows a list rather than its empty state.
import { log, sleep } from './harness.mjs';
import { BUYER_SESSION_COOKIE, cookiePair, signInCode } from './web-pages.mjs';

export const BENCH_BUYER = { name: 'Bench Buyer', email: 'buyer@bench.example.com' };

/** A seeded print provider (services/catalog/src/seed/catalog-seed-data.ts) the bench buyer's order is paid to. */
const PROVIDER = 'acct_1PMDemoPrintCo00001';
/** The Stripe emulator's test card that always succeeds. */
const TEST_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

async function call(url, path, { method = 'GET', cookie, body } = {}) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
}

function expectStatus(answer, statuses, what) {
  if (!statuses.includes(answer.status)) throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  return answer;
}

/** Registers the bench buyer once; 409 (already registered, an earlier run) is as good. */
async function ensureRegistered(url) {
  expectStatus(await call(url, '/api/register-buyer', { method: 'POST', body: BENCH_BUYER }), [201, 409], 'POST /api/register-buyer');
}

const mailbox = async (url) => expectStatus(await call(url, '/api/dev/mailbox?limit=200'), [200], 'GET /api/dev/mailbox').body;

/**
 * POST /api/auth/sign-in/code. A code goes out at most once a minute per address (onboarding's resend interval), so a
 * bench run right after another gets a 429 with Retry-After: it waits that long (at most 90 s) and asks once more.
 */
async function requestCode(url, email) {
  const ask = () => call(url, '/api/auth/sign-in/code', { method: 'POST', body: { email } });
  let answer = await ask();
  const waitS = Number(answer.headers.get('retry-after'));
  if (answer.status === 429 && waitS > 0 && waitS <= 90) {
    log(`buyer: a code was sent to ${email} less than a minute ago (an earlier run); asking again in ${waitS} s…`);
    await sleep(waitS * 1000);
    answer = await ask();
  }
  expectStatus(answer, [202], 'POST /api/auth/sign-in/code');
}

/** Asks for a code, reads it from the development mailbox (messages there before are not it), verifies it: the cookie. */
async function signIn(url) {
  const seen = new Set((await mailbox(url)).map((message) => message.id));
  const { email } = BENCH_BUYER;
  await requestCode(url, email);
  const deadline = Date.now() + 15_000;
  let code;
  while (!code && Date.now() < deadline) {
    code = signInCode(await mailbox(url), email, seen);
    if (!code) await sleep(100);
  }
  if (!code) throw new Error(`no sign-in code for ${email} reached the development mailbox within 15 s`);
  const verified = expectStatus(
    await call(url, '/api/auth/sign-in/verify', { method: 'POST', body: { email, code } }),
    [200],
    'POST /api/auth/sign-in/verify',
  );
  const cookie = cookiePair(verified.headers.getSetCookie(), BUYER_SESSION_COOKIE);
  if (!cookie) throw new Error(`POST /api/auth/sign-in/verify set no ${BUYER_SESSION_COOKIE} cookie`);
  return cookie;
}

/**
 * One completed order for the buyer, paid with the emulator's test card as the payment page would (order, payment
 * intent, card), unless an earlier run left one. Answers how many orders /orders will list.
 */
async function ensurePaidOrder(url, cookie) {
  const orders = expectStatus(await call(url, '/api/orders', { cookie }), [200], 'GET /api/orders').body;
  if (orders.some((order) => order.status === 'completed')) return orders.length;
  const body = { orderId: `bench_order_${Date.now()}`, amount: '25.00', currency: 'usd', printProviderStripeAccountId: PROVIDER };
  expectStatus(await call(url, '/api/orders', { method: 'POST', cookie, body }), [201], 'POST /api/orders');
  const intent = expectStatus(
    await call(url, '/api/create-payment-intent', { method: 'POST', cookie, body }),
    [200],
    'POST /api/create-payment-intent',
  ).body;
  const paid = expectStatus(
    await call(url, `/api/payments/${encodeURIComponent(intent.paymentIntentId)}/test-card`, { method: 'POST', cookie, body: TEST_CARD }),
    [200],
    'POST /api/payments/:id/test-card',
  ).body;
  if (paid.orderStatus !== 'completed') throw new Error(`the bench buyer's test payment ended ${paid.orderStatus}`);
  return orders.length + 1;
}

/**
 * The bench buyer signed in on the running product at `url`: `{ cookie, email, orders }`. A paid order it cannot make
 * is logged, not fatal: /orders is then measured with its empty state.
 */
export async function benchBuyerSession(url) {
  await ensureRegistered(url);
  const cookie = await signIn(url);
  let orders = 0;
  try {
    orders = await ensurePaidOrder(url, cookie);
  } catch (err) {
    log(`buyer: no paid order for /orders (${String(err?.message ?? err).split('\n')[0]}); it shows its empty state`);
  }
  log(`buyer: ${BENCH_BUYER.email} signed in by emailed code; ${orders} order(s) on /orders`);
  return { cookie, email: BENCH_BUYER.email, orders };
}
