import { describe, expect, it } from '@jest/globals';
import { REFUND_MESSAGES, type AuditContext, type AuditedCallerRequest, type CreateRefundDto } from '@paymarket/contracts';
import { ServiceError, type Idempotency, type OutboxRelay } from '@paymarket/platform';
import type { PaymentProcessor } from '../checkout/payment-processor.js';
import type { OrderEntity } from '../orders/order.entity.js';
import type { CompanyRefundRow, OrdersRepository } from '../orders/orders.repository.js';
import type { TransferEntity } from '../transfers/transfer.entity.js';
import type { RefundEntity } from './refund.entity.js';
import { RefundOrder } from './refund-order.use-case.js';

const ACME = '11111111-1111-4111-8111-111111111111';
const GLOBEX = '22222222-2222-4222-8222-222222222222';
const PROVIDER = 'acct_1PMDemoPrintCo00001';

let ids = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

/** A paid order of 100.00 USD to a provider: the buyer paid 103.56, the provider got 100.00 (transferred). */
// After a first refund of 25.00, the provider's transfer was reversed by its share (see the split test below).
const PARTLY = { refunded: 2500n, reversed: 2414n };

function order(overrides: Partial<OrderEntity> = {}): OrderEntity {
  return {
    id: uuid(),
    orderId: 'order_1',
    kind: 'order',
    companyId: ACME,
    buyerId: null,
    buyerEmail: null,
    buyerName: null,
    description: 'Posters',
    currency: 'usd',
    amount: 10000n,
    fee: 356n,
    total: 10356n,
    refunded: 0n,
    recipientRef: PROVIDER,
    split: {
      lines: [
        { party: 'platform', amount: '356' },
        { party: 'provider', stripeAccountId: PROVIDER, amount: '10000' },
      ],
    },
    status: 'completed',
    paymentIntentId: 'pi_123456',
    latestChargeId: null,
    failureMessage: null,
    createdAt: new Date('2026-11-22T07:00:00Z'),
    updatedAt: new Date('2026-11-22T07:00:00Z'),
    ...overrides,
  } as OrderEntity;
}

/**
 * The ports of RefundOrder over some orders: the plan is recorded in memory and reported back as already carried out
 * (the Stripe calls and the ledger are covered by the integration specs), so these tests are about who may refund
 * what, how much, and how it is split.
 */
function setUp(orders: OrderEntity[], reversedByOrder: Record<string, bigint> = {}) {
  const refunds: Array<Omit<RefundEntity, 'createdAt'>> = [];
  const scopes: string[] = [];
  /** What the plan's transaction wrote to the outbox (the audit row, ADR 0075). */
  const outbox: Array<{ name: string; payload: Record<string, unknown> }> = [];
  const manager = {
    createQueryBuilder: () => {
      const query = {
        insert: () => query,
        into: () => query,
        values: (row: { name: string; payload: Record<string, unknown> }) => (outbox.push(row), query),
        orIgnore: () => query,
        execute: async () => undefined,
      };
      return query;
    },
  };
  const repository = {
    dataSource: {
      manager: {
        // carryOut reads the refund first: "done" ends it there.
        query: async (_sql: string, [id]: [string]) => [{ id, state: 'done' }],
      },
    },
    byId: async (_m: unknown, id: string) => orders.find((o) => o.id === id) ?? null,
    byOrderId: async (_m: unknown, orderId: string, _lock = false, companyId: string | null = null) =>
      orders.find((o) => o.orderId === orderId && o.companyId === companyId) ?? null,
    // As the real one: another owner's order is null, like a missing one.
    byIdForCompany: async (_m: unknown, id: string, companyId: string) =>
      orders.find((o) => o.id === id && o.companyId === companyId) ?? null,
    pendingRefund: async () => null,
    transfersOf: async (_m: unknown, orderUuid: string) =>
      orders
        .filter((o) => o.id === orderUuid)
        .map(
          (o) =>
            ({
              id: `tr_${o.id}`,
              party: 'provider',
              destination: PROVIDER,
              reversed: reversedByOrder[o.id] ?? 0n,
            }) as unknown as TransferEntity,
        ),
    insertRefund: async (_m: unknown, refund: Omit<RefundEntity, 'createdAt'>) => {
      refunds.push(refund);
    },
    refundsForCompany: async (companyId: string, _take: number, options: { refundId?: string }): Promise<CompanyRefundRow[]> =>
      refunds
        .filter((r) => r.id === options.refundId && orders.find((o) => o.id === r.orderId)?.companyId === companyId)
        .map((r) => ({
          id: r.id,
          orderId: r.orderId,
          amount: r.amount.toString(),
          currency: 'usd',
          state: 'done',
          reason: r.reason,
          createdAt: new Date('2026-11-25T10:00:00Z'),
        })),
  } as unknown as OrdersRepository;
  const idempotency = {
    run: async (scope: string, _key: string | undefined, _body: unknown, work: (m: unknown) => Promise<unknown>) => {
      scopes.push(scope);
      return work(manager);
    },
  } as unknown as Idempotency;
  const relay = { kick: () => undefined } as unknown as OutboxRelay;
  const sut = new RefundOrder(repository, null as unknown as PaymentProcessor, idempotency, relay);
  return { sut, refunds, scopes, outbox };
}

const audit = (actor: AuditContext['actor']): AuditContext => ({ actor, ip: '203.0.113.7', userAgent: 'spec' });
const ADMIN_AUDIT = audit({ type: 'admin', id: 'a', label: 'admin@example.com' });

const byCompany = (companyId: string, body: CreateRefundDto): AuditedCallerRequest<CreateRefundDto> => ({
  caller: { company: { id: companyId } },
  idempotencyKey: 'key-1',
  body,
  audit: audit({ type: 'api_key', id: 'key_1', label: 'API key key_1' }),
});

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string; fields?: Record<string, string[]> }> {
  try {
    await promise;
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    return { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) };
  }
  throw new Error('expected a refusal');
}

describe(RefundOrder.name, () => {
  describe('a company refunding through the API (ADR 0038)', () => {
    it('refunds its own paid order in minor units, planned under its company-scoped idempotency scope', async () => {
      const paid = order();
      const { sut, refunds, scopes, outbox } = setUp([paid]);

      const view = await sut.forCompany(byCompany(ACME, { order: paid.id, amount: 2500, reason: 'requested_by_customer' }));

      expect(view).toEqual({
        id: refunds[0]!.id,
        orderId: paid.id,
        amount: 2500,
        currency: 'usd',
        status: 'succeeded',
        reason: 'requested_by_customer',
        createdAt: '2026-11-25T10:00:00.000Z',
      });
      // 2500 is cents: 25.00, not 2,500.00 (which would be more than was paid).
      expect(refunds).toHaveLength(1);
      expect(refunds[0]!.amount).toBe(2500n);
      expect(refunds[0]!.requestedBy).toBe(`company:${ACME}`);
      expect(scopes).toEqual([`api-refunds:${ACME}`]);
      // Audited with the plan, in its transaction (ADR 0075): the order, its company, what changed.
      expect(outbox).toEqual([
        expect.objectContaining({
          name: 'audit.recorded',
          payload: {
            action: 'order.refunded',
            actor: { type: 'api_key', id: 'key_1', label: 'API key key_1' },
            ip: '203.0.113.7',
            userAgent: 'spec',
            target: { type: 'order', id: paid.id },
            companyId: ACME,
            outcome: 'succeeded',
            before: { orderStatus: 'completed', refunded: '0.00' },
            after: {
              refundId: refunds[0]!.id,
              amount: '25.00',
              currency: 'usd',
              reason: 'requested_by_customer',
              orderStatus: 'partially_refunded',
              refunded: '25.00',
            },
          },
        }),
      ]);
    });

    it("splits the amount exactly as an administrator's refund of the same amount", async () => {
      const mine = order();
      const twin = order({ companyId: null, orderId: 'order_twin' });
      const { sut, refunds } = setUp([mine, twin]);

      await sut.forCompany(byCompany(ACME, { order: mine.id, amount: 2500 }));
      await sut.execute({
        caller: { admin: { id: 'a', email: 'admin@example.com' } },
        idempotencyKey: 'key-2',
        body: { orderId: twin.id, amount: '25.00' },
        audit: ADMIN_AUDIT,
      });

      const [company, admin] = refunds;
      expect(company!.allocation).toEqual(admin!.allocation);
      // In proportion to what each holds (356 : 10000), summing exactly to the amount.
      expect(company!.allocation).toEqual([
        { party: 'platform', amount: '86' },
        { party: 'provider', stripeAccountId: PROVIDER, amount: '2414' },
      ]);
    });

    it('refunds everything that is left when no amount is given', async () => {
      const partly = order({ status: 'partially_refunded', refunded: PARTLY.refunded });
      const { sut, refunds } = setUp([partly], { [partly.id]: PARTLY.reversed });
      expect((await sut.forCompany(byCompany(ACME, { order: partly.id }))).amount).toBe(7856);
      expect(refunds[0]!.amount).toBe(7856n);
    });

    it('refuses more than is left with 422 naming amount and what is left, in minor units and in the currency', async () => {
      const partly = order({ status: 'partially_refunded', refunded: PARTLY.refunded });
      const { sut, refunds } = setUp([partly], { [partly.id]: PARTLY.reversed });
      const message = 'amount must be at most 7856 (78.56 USD), the amount left to refund';
      expect(await refusal(sut.forCompany(byCompany(ACME, { order: partly.id, amount: 7857 })))).toEqual({
        code: 'unprocessable',
        message,
        fields: { amount: [message] },
      });
      expect(REFUND_MESSAGES.TOO_LARGE(7856n, '78.56', 'usd')).toBe(message);
      // Exactly what is left is fine.
      await sut.forCompany(byCompany(ACME, { order: partly.id, amount: 7856 }));
      expect(refunds.map((r) => r.amount)).toEqual([7856n]);
    });

    it("answers 404 for another company's order and for PayMarket's own, exactly like a missing one", async () => {
      const acmes = order();
      const paymarkets = order({ companyId: null });
      const { sut, refunds, outbox } = setUp([acmes, paymarkets]);
      const notFound = {
        code: 'not_found',
        message: REFUND_MESSAGES.ORDER_NOT_FOUND,
        fields: { order: [REFUND_MESSAGES.ORDER_NOT_FOUND] },
      };
      expect(await refusal(sut.forCompany(byCompany(GLOBEX, { order: acmes.id, amount: 100 })))).toEqual(notFound);
      expect(await refusal(sut.forCompany(byCompany(ACME, { order: paymarkets.id, amount: 100 })))).toEqual(notFound);
      expect(await refusal(sut.forCompany(byCompany(ACME, { order: uuid(), amount: 100 })))).toEqual(notFound);
      expect(refunds).toEqual([]);
      expect(outbox).toEqual([]);
    });

    it("answers 404 for another company's refund", async () => {
      const acmes = order();
      const { sut } = setUp([acmes]);
      const refund = await sut.forCompany(byCompany(ACME, { order: acmes.id, amount: 100 }));
      expect((await sut.getForCompany({ caller: { company: { id: ACME } }, body: { id: refund.id } })).id).toBe(refund.id);
      expect((await refusal(sut.getForCompany({ caller: { company: { id: GLOBEX } }, body: { id: refund.id } }))).code).toBe('not_found');
    });

    it('answers 409 for an unpaid order and for a fully refunded one', async () => {
      const unpaid = order({ status: 'processing' });
      const refunded = order({ status: 'refunded', refunded: 10356n });
      const { sut, refunds } = setUp([unpaid, refunded]);
      expect((await refusal(sut.forCompany(byCompany(ACME, { order: unpaid.id })))).code).toBe('conflict');
      expect(await refusal(sut.forCompany(byCompany(ACME, { order: refunded.id, amount: 1 })))).toMatchObject({
        code: 'conflict',
        message: REFUND_MESSAGES.FULLY_REFUNDED,
      });
      expect(refunds).toEqual([]);
    });

    it('needs a company caller', async () => {
      const paid = order();
      const { sut } = setUp([paid]);
      const buyer = { buyer: { id: 'b', email: 'b@example.com', name: 'B' } };
      expect((await refusal(sut.forCompany({ caller: buyer, body: { order: paid.id }, audit: ADMIN_AUDIT }))).code).toBe('unauthorized');
    });
  });

  it('refuses a refund without an Idempotency-Key on both routes, naming the header, before planning anything (ADR 0049)', async () => {
    const paid = order();
    const { sut, refunds, scopes } = setUp([paid]);
    const required = {
      code: 'invalid',
      message: REFUND_MESSAGES.KEY_REQUIRED,
      fields: { 'Idempotency-Key': [REFUND_MESSAGES.KEY_REQUIRED] },
    };
    expect(
      await refusal(sut.forCompany({ caller: { company: { id: ACME } }, body: { order: paid.id, amount: 100 }, audit: ADMIN_AUDIT })),
    ).toEqual(required);
    expect(
      await refusal(
        sut.execute({
          caller: { admin: { id: 'a', email: 'admin@example.com' } },
          body: { orderId: paid.id, amount: '1.00' },
          audit: ADMIN_AUDIT,
        }),
      ),
    ).toEqual(required);
    expect(scopes).toEqual([]);
    expect(refunds).toEqual([]);
  });

  it('keeps the administrator route for administrators: a company caller is refused there', async () => {
    const paid = order();
    const { sut, refunds } = setUp([paid]);
    expect((await refusal(sut.execute({ caller: { company: { id: ACME } }, body: { orderId: paid.id }, audit: ADMIN_AUDIT }))).code).toBe(
      'forbidden',
    );
    expect(refunds).toEqual([]);
  });
});
