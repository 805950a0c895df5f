import { randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { OnboardingEvents, SIGN_IN_CODE, type EventEnvelope } from '@paymarket/contracts';
import { Inbox } from '@paymarket/platform';
import { EmailDeliveryWorker } from '../email/email-delivery.worker.js';
import { EmailsRepository, secretsOf } from '../email/emails.repository.js';
import { Mailer } from '../email/mailer.js';
import { consoleCodeEmail, signInEmail } from './sign-in-email.js';

@Controller()
export class SignInCodeRequestedHandler {
  constructor(
    private readonly inbox: Inbox,
    private readonly emails: EmailsRepository,
    private readonly mailer: Mailer,
    private readonly delivery: EmailDeliveryWorker,
  ) {}

  // Redelivery must not send a second email with the same code: the inbox makes it happen once.
  @EventPattern<string>(OnboardingEvents.SIGN_IN_CODE_REQUESTED)
  async onCodeRequested(@Payload() envelope: EventEnvelope<'sign_in.code_requested'>): Promise<void> {
    const outcome = await this.inbox.handle(envelope, 'sign-in-email', async (tx) => {
      await this.emails.add(tx, {
        id: randomUUID(),
        ...signInEmail(envelope.data, SIGN_IN_CODE.TTL_MS / 60_000),
        status: this.mailer.delivers ? 'pending' : 'stored',
        sourceEventId: envelope.id,
        secrets: secretsOf(envelope),
      });
    });
    if (outcome === 'processed') this.delivery.kick();
  }

  /** The developer console's code, to a company's contact email (ADR 0037). */
  @EventPattern<string>(OnboardingEvents.CONSOLE_CODE_REQUESTED)
  async onConsoleCodeRequested(@Payload() envelope: EventEnvelope<'console.code_requested'>): Promise<void> {
    const outcome = await this.inbox.handle(envelope, 'console-code-email', async (tx) => {
      await this.emails.add(tx, {
        id: randomUUID(),
        ...consoleCodeEmail(envelope.data, SIGN_IN_CODE.TTL_MS / 60_000),
        status: this.mailer.delivers ? 'pending' : 'stored',
        sourceEventId: envelope.id,
        secrets: secretsOf(envelope),
      });
    });
    if (outcome === 'processed') this.delivery.kick();
  }
}
