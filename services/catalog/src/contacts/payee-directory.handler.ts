import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RpcPatterns, type PayeesByEmail, type RpcEnvelope } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { DataSource } from 'typeorm';

/**
 * ADR 0047: the seller and approved print provider profiles that use an email, for the payee sign-in (onboarding)
 * and the provider statement (gateway). A provider's email is its own, else its approved application's (as the
 * Print Providers page shows it). Matched case-insensitively: emails are stored as typed.
 */
@Controller()
export class PayeeDirectoryHandler {
  constructor(private readonly dataSource: DataSource) {}

  @MessagePattern<string>(RpcPatterns.payeeDirectory.PAYEES_BY_EMAIL)
  async payees(@Payload() message: RpcEnvelope<{ email?: unknown }>): Promise<PayeesByEmail> {
    const raw = message?.data?.email;
    if (typeof raw !== 'string' || raw.trim() === '' || raw.length > 254) throw ServiceError.invalid('email is required');
    const email = raw.trim().toLowerCase();
    const sellers = (await this.dataSource.query(
      `SELECT id, business_name AS "businessName" FROM sellers WHERE lower(email) = $1 ORDER BY created_at, id LIMIT 100`,
      [email],
    )) as PayeesByEmail['sellers'];
    const providers = (await this.dataSource.query(
      `SELECT p.id, p.name, p.stripe_account_id AS "stripeAccountId"
         FROM print_providers p LEFT JOIN provider_applications a ON a.id = p.application_id
        WHERE lower(COALESCE(p.email, a.email)) = $1 ORDER BY p.name, p.id LIMIT 100`,
      [email],
    )) as PayeesByEmail['providers'];
    return { sellers, providers };
  }
}

@Module({ controllers: [PayeeDirectoryHandler] })
export class PayeeDirectoryModule {}
