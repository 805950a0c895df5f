import { describe, expect, it } from '@jest/globals';
import type { CallerRequest } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import type { OrderEntity } from '../orders/order.entity.js';
import type { OrdersRepository } from '../orders/orders.repository.js';
import { CompanyOrders, companyOf, toApiOrderView } from './company-orders.use-case.js';
import type { PaymentProcessor } from './payment-processor.js';
import { PaymentStatus } from './payment-status.use-case.js';
import type { SettlePayment } from './settle-payment.js';

const ACME = '11111111-1111-4111-8111-111111111111';
const GLOBEX = '22222222-2222-4222-8222-222222222222';

function order(overrides: Partial<OrderEntity> = {}): OrderEntity {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    orderId: 'order_1',
    kind: 'order',
    companyId: ACME,
    buyerId: null,
    buyerEmail: 'ann@example.com',
    buyerName: 'Ann',
    description: 'Cards',
    currency: 'usd',
    amount: 10000n,
    fee: 356n,
    total: 10356n,
    refunded: 0n,
    recipientRef: 'acct_1PMDemoPrintCo00001',
    split: { lines: [{ party: 'platform', amount: '356' }] },
    status: 'pending',
    paymentIntentId: 'pi_123456',
    latestChargeId: null,
    failureMessage: null,
    createdAt: new Date('2026-11-22T07:00:00Z'),
    updatedAt: new Date('2026-11-22T07:00:00Z'),
    ...overrides,
  } as OrderEntity;
}

/** A repository holding some orders, looked up the way the real one scopes them (order id within an owner). */
function repository(orders: OrderEntity[]): OrdersRepository {
  return {
    dataSource: { manager: {} },
    byOrderId: async (_m: unknown, orderId: string, _lock = false, companyId: string | null = null) =>
      orders.find((o) => o.orderId === orderId && o.companyId === companyId) ?? null,
    byIdForCompany: async (_m: unknown, id: string, companyId: string) =>
      orders.find((o) => o.id === id && o.companyId === companyId) ?? null,
    byPaymentIntent: async (_m: unknown, id: string) => orders.find((o) => o.paymentIntentId === id) ?? null,
    listForCompany: async (companyId: string, take: number) => orders.filter((o) => o.companyId === companyId).slice(0, take),
  } as unknown as OrdersRepository;
}

const as = <T>(caller: CallerRequest<T>['caller'], body: T): CallerRequest<T> => ({ caller, body });

async function statusOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (err) {
    return err instanceof ServiceError ? err.code : 'unexpected';
  }
}

describe('CompanyOrders (ADR 0032)', () => {
  const mine = order();
  const paymarkets = order({ id: '00000000-0000-4000-8000-000000000002', companyId: null, paymentIntentId: 'pi_654321' });
  const use = new CompanyOrders(repository([mine, paymarkets]), null as never, null as never, null as never, null as never, null as never);

  it('needs a company caller', () => {
    expect(() => companyOf(as({ buyer: { id: 'b', email: 'b@example.com', name: 'B' } }, {}))).toThrow(ServiceError);
    expect(companyOf(as({ company: { id: ACME } }, {}))).toBe(ACME);
  });

  it("answers a company its own order by its id, and 404 for another company's or PayMarket's order", async () => {
    expect((await use.get(as({ company: { id: ACME } }, { id: mine.id }))).id).toBe(mine.id);
    expect(await statusOf(use.get(as({ company: { id: GLOBEX } }, { id: mine.id })))).toBe('not_found');
    expect(await statusOf(use.get(as({ company: { id: ACME } }, { id: paymarkets.id })))).toBe('not_found');
  });

  it("lists only the company's orders, with the page size it asked for", async () => {
    expect(await use.list(as({ company: { id: ACME } }, { limit: 5 }))).toEqual({
      data: [toApiOrderView(mine)],
      limit: 5,
      nextCursor: null,
    });
    expect(await use.list(as({ company: { id: GLOBEX } }, { limit: 5 }))).toEqual({ data: [], limit: 5, nextCursor: null });
    expect(await statusOf(use.list(as({ company: { id: ACME } }, { cursor: 'forged' })))).toBe('invalid');
  });

  it('shows the recipient and buyer details, money as decimals', () => {
    expect(toApiOrderView(mine)).toMatchObject({
      orderId: 'order_1',
      amount: '100.00',
      fee: '3.56',
      total: '103.56',
      recipient: 'acct_1PMDemoPrintCo00001',
      buyerName: 'Ann',
      paymentIntentId: 'pi_123456',
      createdAt: '2026-11-22T07:00:00.000Z',
    });
  });
});

describe('PaymentStatus reading a payment by its PaymentIntent (company ownership)', () => {
  const mine = order();
  const guest = order({ id: '00000000-0000-4000-8000-000000000003', companyId: null, kind: 'direct', paymentIntentId: 'pi_guest01' });
  const processor = {
    developmentMode: true,
    retrievePaymentIntent: async (id: string) => ({
      id,
      status: 'requires_payment_method',
      amount: 10356n,
      currency: 'usd',
      clientSecret: `${id}_secret_abc`,
    }),
  } as unknown as PaymentProcessor;
  const settle = { fromIntent: async () => null } as unknown as SettlePayment;
  const status = new PaymentStatus(repository([mine, guest]), processor, settle);
  const read = (caller: CallerRequest<unknown>['caller'], paymentIntentId: string, clientSecret?: string) =>
    statusOf(status.get(as(caller, { paymentIntentId, ...(clientSecret ? { clientSecret } : {}) })));

  it("lets only the owning company (or an administrator) read a company's payment", async () => {
    expect(await read({ company: { id: ACME } }, 'pi_123456')).toBe('ok');
    expect(await read({ admin: { id: 'a', email: 'a@example.com' } }, 'pi_123456')).toBe('ok');
    expect(await read({ company: { id: GLOBEX } }, 'pi_123456')).toBe('not_found');
    expect(await read({}, 'pi_123456')).toBe('not_found');
    expect(await read({ buyer: { id: 'b', email: 'b@example.com', name: 'B' } }, 'pi_123456')).toBe('not_found');
  });

  it("keeps a company away from PayMarket's own payments; a guest's direct payment is read with its client secret only", async () => {
    expect(await read({ company: { id: ACME } }, 'pi_guest01')).toBe('not_found');
    expect(await read({}, 'pi_guest01', 'pi_guest01_secret_abc')).toBe('ok');
    // Its id alone, or a wrong secret, is not enough (issue 12: anyone holding the pi_ id could read and decline it).
    expect(await read({}, 'pi_guest01')).toBe('not_found');
    expect(await read({}, 'pi_guest01', 'pi_guest01_secret_abd')).toBe('not_found');
    expect(await read({ buyer: { id: 'b', email: 'b@example.com', name: 'B' } }, 'pi_guest01')).toBe('not_found');
  });

  it("an embedded checkout (ADR 0052) acts as the company with the order's client secret: a wrong one is not found", async () => {
    const embedded = order({
      id: '00000000-0000-4000-8000-000000000004',
      orderId: 'emb_x',
      paymentIntentId: 'pi_embed01',
      buyerEmail: 'g@example.com',
    });
    const withEmbed = new PaymentStatus(repository([embedded]), processor, settle);
    const readEmbed = (caller: CallerRequest<unknown>['caller'], clientSecret?: string) =>
      statusOf(withEmbed.get(as(caller, { paymentIntentId: 'pi_embed01', ...(clientSecret ? { clientSecret } : {}) })));
    expect(await readEmbed({ company: { id: ACME } }, 'pi_embed01_secret_abc')).toBe('ok');
    expect(await readEmbed({ company: { id: ACME } }, 'pi_123456_secret_abc')).toBe('not_found');
    expect(await readEmbed({ company: { id: GLOBEX } }, 'pi_embed01_secret_abc')).toBe('not_found');
    // The company's own API key (no secret) still reads its own order.
    expect(await readEmbed({ company: { id: ACME } })).toBe('ok');
  });
});
