import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { PAYEE_AUTH_MESSAGES, RpcPatterns } from '@paymarket/contracts';
import { requireSession } from '../auth/resolve-session.js';
import { bearerToken } from '../auth/seller-token.guard.js';
import { PAYEE_SESSION_COOKIE } from '../auth/session-cookies.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { ApiError } from '../http/api-error.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { AuthenticatesWith } from '../openapi/describe.js';

/**
 * A seller's statement opens with either proof (ADR 0047): the seller's edit token (`Authorization: Bearer`, checked
 * by catalog as for edits: another seller's 403, unknown seller 404), or a payee session whose email owns the seller
 * now (another seller's 403). A bearer header, when present, decides alone; with neither, 401.
 */
@Injectable()
@AuthenticatesWith(['sellerToken', 'payeeSession'], [401, 403, 404])
export class SellerStatementAccessGuard implements CanActivate {
  constructor(
    private readonly rpc: GatewayRpc,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, unknown>; params: Record<string, string> }>();
    const sellerId = request.params.id ?? '';
    const token = bearerToken(request.headers.authorization);
    if (token) {
      await this.rpc.call(RpcPatterns.catalog.VERIFY_SELLER_TOKEN, { sellerId, token });
      return true;
    }
    const { payee } = await requireSession(this.rpc, context, {
      cookie: PAYEE_SESSION_COOKIE,
      pattern: RpcPatterns.payeeAuth.RESOLVE_PAYEE_SESSION,
      refusal: PAYEE_AUTH_MESSAGES.SIGN_IN_REQUIRED,
      production: this.config.production,
    });
    if (!payee.sellers.some((s) => s.id === sellerId)) throw ApiError.of(403, PAYEE_AUTH_MESSAGES.NOT_YOURS);
    return true;
  }
}
