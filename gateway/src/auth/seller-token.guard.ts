import { applyDecorators, Injectable, SetMetadata, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RpcPatterns } from '@paymarket/contracts';
import { ApiError } from '../http/api-error.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { AuthenticatesWith } from '../openapi/describe.js';

/** Spec §6/§8: the exact answer to an edit without the seller's token. */
export const SELLER_AUTH_REQUIRED = 'Authentication required. Only the seller who registered this profile can edit it.';

const SELLER_ID_PARAM = Symbol('seller-token:param');

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer[ ]+([A-Za-z0-9._~+/=-]{1,200})\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Lets a request through only with the edit token of the seller named by the route parameter: none → 401 with the
 * spec's text, another seller's (or a revoked one) → 403, unknown seller → 404. Catalog checks the token (its hash
 * in constant time); the use case behind the route checks it again in its own transaction.
 */
@Injectable()
@AuthenticatesWith(['sellerToken'], [401, 403, 404])
export class SellerTokenGuard implements CanActivate {
  constructor(
    private readonly rpc: GatewayRpc,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const param = this.reflector.get<string>(SELLER_ID_PARAM, context.getHandler()) ?? 'id';
    const request = context.switchToHttp().getRequest<{ headers: Record<string, unknown>; params: Record<string, string> }>();
    const token = bearerToken(request.headers.authorization);
    if (!token) throw ApiError.of(401, SELLER_AUTH_REQUIRED);
    await this.rpc.call(RpcPatterns.catalog.VERIFY_SELLER_TOKEN, { sellerId: request.params[param] ?? '', token });
    return true;
  }
}

/** `@SellerToken('id')`: the route needs the edit token of the seller whose id is in that route parameter. */
export function SellerToken(param = 'id'): MethodDecorator {
  return applyDecorators(SetMetadata(SELLER_ID_PARAM, param), UseGuards(SellerTokenGuard));
}
