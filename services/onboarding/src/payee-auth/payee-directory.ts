import { Injectable } from '@nestjs/common';
import { RpcPatterns, type PayeesByEmail, type SignedInPayee } from '@paymarket/contracts';
import { RpcClient } from '@paymarket/platform';

/**
 * Port: which seller and print provider profiles use an email (ADR 0047). Catalog owns them; onboarding asks at every
 * sign-in and session check instead of keeping a copy, so an email change or a deleted seller takes effect at once.
 */
export abstract class PayeeDirectory {
  /** Throws when catalog cannot answer (the caller then fails rather than guessing). */
  abstract profilesOf(email: string): Promise<Pick<SignedInPayee, 'sellers' | 'providers'>>;
}

@Injectable()
export class RpcPayeeDirectory extends PayeeDirectory {
  constructor(private readonly rpc: RpcClient) {
    super();
  }

  async profilesOf(email: string): Promise<Pick<SignedInPayee, 'sellers' | 'providers'>> {
    const found: PayeesByEmail = await this.rpc.call(RpcPatterns.payeeDirectory.PAYEES_BY_EMAIL, { email });
    // The connected account is catalog's answer to the gateway, not part of who is signed in.
    return {
      sellers: found.sellers.map(({ id, businessName }) => ({ id, businessName })),
      providers: found.providers.map(({ id, name }) => ({ id, name })),
    };
  }
}
