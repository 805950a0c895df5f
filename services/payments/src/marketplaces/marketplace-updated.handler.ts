import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { OnboardingEvents, type EventEnvelope } from '@paymarket/contracts';
import { createLogger, Inbox } from '@paymarket/platform';
import { ApplyMarketplaceUpdate } from './apply-marketplace-update.use-case.js';

const log = createLogger('marketplace-copy');

/** marketplace.updated → payments' copy of the marketplace (ADR 0051), once per event (inbox consumer `marketplace-copy`). */
@Controller()
export class MarketplaceUpdatedHandler {
  constructor(
    private readonly inbox: Inbox,
    private readonly apply: ApplyMarketplaceUpdate,
  ) {}

  @EventPattern<string>(OnboardingEvents.MARKETPLACE_UPDATED)
  async onMarketplaceUpdated(@Payload() envelope: EventEnvelope<'marketplace.updated'>): Promise<void> {
    await this.inbox.handle(envelope, 'marketplace-copy', async (tx) => {
      const outcome = await this.apply.execute(tx.manager, envelope.data);
      const marketplaceId = envelope.data?.marketplaceId;
      if (typeof outcome === 'object')
        log.warn({ eventId: envelope.id, marketplaceId, problem: outcome.invalid }, 'marketplace.updated not kept');
      else log.info({ eventId: envelope.id, marketplaceId, version: envelope.data?.version, outcome }, 'marketplace copy');
    });
  }
}
