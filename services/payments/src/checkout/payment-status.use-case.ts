import { timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { CallerRequest, PaymentStatusDto, PaymentStatusView, TestCardPaymentDto } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import type { OrderEntity } from '../orders/order.entity.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { CheckoutErrors } from './checkout.errors.js';
import { PaymentProcessor, TEST_CARDS, type ProcessorPaymentIntent } from './payment-processor.js';
import { SettlePayment } from './settle-payment.js';

/** PaymentIntent statuses that a confirmation can no longer change. */
const PAST_CONFIRMING = new Set(['succeeded', 'processing', 'canceled']);

function view(order: OrderEntity, intent: ProcessorPaymentIntent): PaymentStatusView {
  return {
    orderId: order.orderId,
    paymentIntentId: intent.id,
    paymentStatus: intent.status,
    orderStatus: order.status,
    ...(intent.status === 'requires_action' && intent.nextActionUrl ? { redirectUrl: intent.nextActionUrl } : {}),
    ...(intent.lastErrorMessage && intent.status !== 'succeeded' ? { failureMessage: intent.lastErrorMessage } : {}),
  };
}

const SETTLED: readonly string[] = ['completed', 'refunded', 'partially_refunded'];

/** An order whose charge is booked: its PaymentIntent succeeded (only Stripe's word ever settles an order). */
function settledView(order: OrderEntity): PaymentStatusView {
  return { orderId: order.orderId, paymentIntentId: order.paymentIntentId!, paymentStatus: 'succeeded', orderStatus: order.status };
}

/**
 * Asking Stripe, never the browser: confirming with a test card (development mode), the re-check behind
 * `POST /api/payments {status: "completed"}`, and reading a payment's status.
 */
@Injectable()
export class PaymentStatus {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly processor: PaymentProcessor,
    private readonly settle: SettlePayment,
  ) {}

  async confirmTestCard(request: CallerRequest<TestCardPaymentDto & { paymentIntentId: string }>): Promise<PaymentStatusView> {
    if (!this.processor.developmentMode) throw ServiceError.notFound(CheckoutErrors.NOT_TEST_MODE);
    const order = await this.ownedByIntent(request, request.body.paymentIntentId);
    const paymentMethod = TEST_CARDS[request.body.cardNumber];
    if (!paymentMethod) throw ServiceError.invalid(CheckoutErrors.NOT_A_TEST_CARD, { cardNumber: [CheckoutErrors.NOT_A_TEST_CARD] });
    const returnTo = order.kind === 'direct' ? '/direct-payment' : '/payment';
    const origin = request.origin ?? 'http://localhost:3000';
    const returnUrl = `${origin}/payment-success?return_to=${encodeURIComponent(returnTo)}`;
    if (this.needsClientSecret(request, order, request.body.clientSecret)) {
      this.assertHoldsClientSecret(request.body.clientSecret, await this.processor.retrievePaymentIntent(order.paymentIntentId!));
    }
    // Paid already (a repeated click, a retry after a lost answer): nothing for Stripe to do, and no request spent.
    if (SETTLED.includes(order.status)) return settledView(order);
    const intent = await this.confirmOnce(order.paymentIntentId!, paymentMethod, returnUrl);
    const settled = (await this.settle.fromIntent(intent)) ?? order;
    return view(settled, intent);
  }

  /**
   * Confirms, unless the payment is past confirming: Stripe refuses to confirm a PaymentIntent that already
   * succeeded (or is processing, or canceled) — e.g. a second click, or concurrent confirms — and that is not a
   * failure of ours: the answer is the payment as it now stands.
   */
  private async confirmOnce(paymentIntentId: string, paymentMethod: string, returnUrl: string): Promise<ProcessorPaymentIntent> {
    try {
      return await this.processor.confirmWithTestPaymentMethod(paymentIntentId, paymentMethod, returnUrl);
    } catch (err) {
      const current = await this.processor.retrievePaymentIntent(paymentIntentId).catch(() => undefined);
      if (current && PAST_CONFIRMING.has(current.status)) return current;
      throw err;
    }
  }

  async recheck(request: CallerRequest<PaymentStatusDto>): Promise<PaymentStatusView> {
    const order = await this.byOrderIdFor(request, request.body.orderId);
    if (!order) throw ServiceError.notFound(CheckoutErrors.ORDER_NOT_FOUND);
    this.assertMayRead(request, order);
    if (!order.paymentIntentId) throw ServiceError.notFound(CheckoutErrors.PAYMENT_NOT_FOUND);
    const intent = await this.processor.retrievePaymentIntent(order.paymentIntentId);
    const settled = (await this.settle.fromIntent(intent)) ?? order;
    return view(settled, intent);
  }

  async get(request: CallerRequest<{ paymentIntentId: string; clientSecret?: string }>): Promise<PaymentStatusView> {
    const order = await this.ownedByIntent(request, request.body.paymentIntentId);
    const intent = await this.processor.retrievePaymentIntent(order.paymentIntentId!);
    if (this.needsClientSecret(request, order, request.body.clientSecret)) this.assertHoldsClientSecret(request.body.clientSecret, intent);
    const settled = (await this.settle.fromIntent(intent)) ?? order;
    return view(settled, intent);
  }

  /** Order ids are unique per owner (issue 12): the caller's own namespace is the one looked in. */
  private async byOrderIdFor(request: CallerRequest<unknown>, orderId: string): Promise<OrderEntity | null> {
    const manager = this.orders.dataSource.manager;
    const { admin, company, buyer } = request.caller;
    if (admin) {
      const found = await this.orders.byPaymarketOrderId(manager, orderId);
      if (found === 'ambiguous') throw ServiceError.conflict(CheckoutErrors.ORDER_ID_AMBIGUOUS);
      return found;
    }
    if (company) return this.orders.byOrderId(manager, orderId, { companyId: company.id });
    // A signed-in buyer may also be checking a payment they made as a guest before signing in.
    return (
      (buyer ? await this.orders.byOrderId(manager, orderId, { buyerId: buyer.id }) : null) ??
      (await this.orders.byOrderId(manager, orderId, { buyerId: null }))
    );
  }

  private async ownedByIntent(request: CallerRequest<unknown>, paymentIntentId: string): Promise<OrderEntity> {
    const order = await this.orders.byPaymentIntent(this.orders.dataSource.manager, paymentIntentId);
    if (!order) throw ServiceError.notFound(CheckoutErrors.PAYMENT_NOT_FOUND);
    this.assertMayRead(request, order);
    return order;
  }

  /**
   * A guest's direct payment: no account and no company, so only its client secret proves who may act on it. A secret
   * presented by anyone else is checked too: the embedded checkout (ADR 0052) acts for the marketplace's company with
   * the secret its order answered, and a wrong one must not reach another of the company's payments.
   */
  private needsClientSecret(request: CallerRequest<unknown>, order: OrderEntity, presented: string | undefined): boolean {
    if (request.caller.admin) return false;
    return (order.buyerId === null && order.companyId === null) || presented !== undefined;
  }

  /**
   * As Stripe does with a publishable key: a PaymentIntent id alone (it shows up in URLs, logs and referrers) does
   * not let anyone read or confirm a guest's payment; the client secret the creating browser got (or Stripe's redirect
   * carries as payment_intent_client_secret) does. A wrong or missing secret is "not found", like a wrong id.
   */
  private assertHoldsClientSecret(presented: string | undefined, intent: ProcessorPaymentIntent): void {
    const expected = Buffer.from(intent.clientSecret ?? '');
    const given = Buffer.from(presented ?? '');
    if (expected.length === 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw ServiceError.notFound(CheckoutErrors.PAYMENT_NOT_FOUND);
    }
  }

  /**
   * A buyer's order is theirs alone. A guest's direct payment has no account: the holder of its client secret (the
   * browser that made it, or Stripe's redirect) may read and confirm it (see assertHoldsClientSecret).
   * An integrator company's order (ADR 0032) is that company's alone, and a company reaches only its own orders:
   * anything else is "not found", so the API does not reveal which ids exist.
   */
  private assertMayRead(request: CallerRequest<unknown>, order: OrderEntity): void {
    if (request.caller.admin) return;
    if (request.caller.company || order.companyId !== null) {
      if (request.caller.company?.id !== order.companyId) throw ServiceError.notFound(CheckoutErrors.PAYMENT_NOT_FOUND);
      return;
    }
    if (order.buyerId === null) return;
    if (!request.caller.buyer) throw ServiceError.unauthorized(CheckoutErrors.SIGN_IN_REQUIRED);
    if (request.caller.buyer.id !== order.buyerId) throw ServiceError.forbidden(CheckoutErrors.NOT_YOUR_ORDER);
  }
}
