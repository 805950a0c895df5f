import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { OnboardingEvents, SIGN_IN_CODE, type EventEnvelope } from '@paymarket/contracts';
import { EventEmails } from '../email/event-emails.js';
import { consoleCodeEmail, payeeCodeEmail, signInEmail } from './sign-in-email.js';

const TTL_MINUTES = SIGN_IN_CODE.TTL_MS / 60_000;

/** Sign-in codes by email; redelivery never sends a second email with the same code (EventEmails' inbox). */
@Controller()
export class SignInCodeRequestedHandler {
  constructor(private readonly emails: EventEmails) {}

  @EventPattern<string>(OnboardingEvents.SIGN_IN_CODE_REQUESTED)
  async onCodeRequested(@Payload() envelope: EventEnvelope<'sign_in.code_requested'>): Promise<void> {
    await this.emails.send(envelope, 'sign-in-email', signInEmail(envelope.data, TTL_MINUTES));
  }

  /** The developer console's code, to a company's contact email (ADR 0037). */
  @EventPattern<string>(OnboardingEvents.CONSOLE_CODE_REQUESTED)
  async onConsoleCodeRequested(@Payload() envelope: EventEnvelope<'console.code_requested'>): Promise<void> {
    await this.emails.send(envelope, 'console-code-email', consoleCodeEmail(envelope.data, TTL_MINUTES));
  }

  /** A seller's or print provider's dashboard code (ADR 0047). */
  @EventPattern<string>(OnboardingEvents.PAYEE_CODE_REQUESTED)
  async onPayeeCodeRequested(@Payload() envelope: EventEnvelope<'payee_sign_in.code_requested'>): Promise<void> {
    await this.emails.send(envelope, 'payee-code-email', payeeCodeEmail(envelope.data, TTL_MINUTES));
  }
}
