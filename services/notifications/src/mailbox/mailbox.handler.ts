import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RpcPatterns, type MailboxMessage, type RpcEnvelope } from '@paymarket/contracts';
import { SERVICE_CONFIG, ServiceError, type ServiceRuntimeConfig } from '@paymarket/platform';
import { EmailsRepository } from '../email/emails.repository.js';

@Controller()
export class MailboxHandler {
  constructor(
    private readonly emails: EmailsRepository,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceRuntimeConfig,
  ) {}

  @MessagePattern<string>(RpcPatterns.notifications.LIST_MAILBOX)
  async list(@Payload() message: RpcEnvelope<{ limit?: number }>): Promise<MailboxMessage[]> {
    // Emails hold sign-in codes and personal data: the mailbox exists only outside production.
    if (this.config.production) throw ServiceError.notFound('The development mailbox is off in production.');
    const requested = Number(message.data?.limit ?? 50);
    const limit = Number.isInteger(requested) ? Math.min(Math.max(requested, 1), 200) : 50;
    return this.emails.latest(limit);
  }
}
