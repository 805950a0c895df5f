import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { OrderEvents, QUOTE_ORDER_PREFIX, type EventEnvelope } from '@paymarket/contracts';
import { Inbox, createLogger } from '@paymarket/platform';
import { FulfilRequestUseCase } from './fulfil-request.use-case.js';

const log = createLogger('quote-fulfilment');

/** payment.succeeded of a quote's order (`quote_<id>`, PayMarket's own, not an integrator's) fulfils its request. */
@Controller()
export class PaymentSucceededHandler {
  constructor(
    private readonly inbox: Inbox,
    private readonly fulfil: FulfilRequestUseCase,
  ) {}

  @EventPattern<string>(OrderEvents.PAYMENT_SUCCEEDED)
  async onPaymentSucceeded(@Payload() envelope: EventEnvelope<'payment.succeeded'>): Promise<void> {
    const orderId = envelope.data?.orderId;
    if (typeof orderId !== 'string' || !orderId.startsWith(QUOTE_ORDER_PREFIX) || envelope.data.companyId) return;
    await this.inbox.handle(envelope, 'quote-fulfilment', async (tx) => {
      if (await this.fulfil.execute(tx, orderId)) log.info({ eventId: envelope.id, orderId }, 'request fulfilled by a paid quote');
    });
  }
}
