import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RpcPatterns, type ProviderContact, type RpcEnvelope, type RpcRequest } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { DataSource } from 'typeorm';

/** An approved print provider's name and email by its connected account (ADR 0045: notifications tells it of disputes). */
@Controller()
export class ProviderContactsHandler {
  constructor(private readonly dataSource: DataSource) {}

  @MessagePattern<string>(RpcPatterns.providerContacts.GET_PROVIDER_CONTACT)
  async contact(@Payload() message: RpcEnvelope<RpcRequest<'catalog.get_provider_contact'>>): Promise<ProviderContact> {
    const account = message.data?.stripeAccountId;
    if (typeof account !== 'string' || account === '') throw ServiceError.notFound('Print provider not found.');
    const rows = (await this.dataSource.query(`SELECT name, email FROM print_providers WHERE stripe_account_id = $1`, [account])) as Array<{
      name: string;
      email: string | null;
    }>;
    if (!rows[0]) throw ServiceError.notFound('Print provider not found.');
    return { name: rows[0].name, email: rows[0].email };
  }
}

@Module({ controllers: [ProviderContactsHandler] })
export class ProviderContactsModule {}
