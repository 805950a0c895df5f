import { Injectable } from '@nestjs/common';
import { RpcPatterns } from '@paymarket/contracts';
import { RpcCallError, RpcClient } from '@paymarket/platform';

const CACHE_MS = 60_000;

/**
 * The company's whsec_… signing secret, read from onboarding (which owns it) when a delivery is sent and kept in
 * memory for a minute; notifications never stores or logs it (ADR 0033). Null when the company no longer has API
 * access. Throws when onboarding cannot answer (the attempt is retried).
 */
@Injectable()
export class WebhookSecrets {
  private readonly cache = new Map<string, { secret: string | null; until: number }>();

  constructor(private readonly rpc: RpcClient) {}

  async secretOf(companyId: string): Promise<string | null> {
    const cached = this.cache.get(companyId);
    if (cached && cached.until > Date.now()) return cached.secret;
    let secret: string | null;
    try {
      secret = (await this.rpc.call(RpcPatterns.onboarding.GET_WEBHOOK_SECRET, { companyId })).webhookSecret;
    } catch (error) {
      if (!(error instanceof RpcCallError && error.kind === 'service' && error.payload.code === 'not_found')) throw error;
      secret = null;
    }
    this.cache.set(companyId, { secret, until: Date.now() + CACHE_MS });
    return secret;
  }
}
