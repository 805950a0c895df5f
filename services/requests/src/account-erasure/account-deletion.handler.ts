import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { OnboardingEvents, type EventEnvelope } from '@paymarket/contracts';
import { Inbox, createLogger } from '@paymarket/platform';
import { EraseBuyerDataUseCase } from './erase-buyer-data.use-case.js';

const log = createLogger('buyer-data-erasure');

/** Erases a deleted buyer's data from the requests schema, once per event however often it is delivered (inbox). */
@Controller()
export class AccountDeletionHandler {
  constructor(
    private readonly inbox: Inbox,
    private readonly eraseBuyerData: EraseBuyerDataUseCase,
  ) {}

  @EventPattern<string>(OnboardingEvents.ACCOUNT_DELETION_REQUESTED)
  async onAccountDeleted(@Payload() envelope: EventEnvelope<'account.deletion_requested'>): Promise<void> {
    const buyerId = envelope.data?.buyerId;
    if (typeof buyerId !== 'string' || buyerId.trim() === '') {
      // Nothing to match on: retrying cannot help, and erasing "everyone's" rows must never be the fallback.
      log.error({ eventId: envelope.id }, 'account.deletion_requested without a buyerId; nothing erased');
      return;
    }
    const outcome = await this.inbox.handle(envelope, 'buyer-data-erasure', async (tx) => {
      const summary = await this.eraseBuyerData.execute(tx, buyerId);
      log.info({ eventId: envelope.id, ...summary }, 'buyer data erased');
    });
    if (outcome === 'duplicate') log.debug({ eventId: envelope.id }, 'account deletion already handled');
  }
}
