import { createParamDecorator, Inject, Injectable, type CanActivate, type ExecutionContext, type Type } from '@nestjs/common';
import type { RpcResponse } from '@paymarket/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { ApiError } from '../http/api-error.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { requireSession, type SessionPattern } from './resolve-session.js';
import type { SessionCookie } from './session-cookies.js';

/** One kind of session: its cookie, the onboarding pattern that resolves it, and the request field its principal lands in. */
export interface SessionKind<P extends SessionPattern, K extends keyof RpcResponse<P> & string> {
  cookie: SessionCookie;
  pattern: P;
  /** The 401 message, from the guard and from the param decorator alike. */
  refusal: string;
  /** The session's field that holds the principal; the guard stores it on the request under the same name. */
  field: K;
}

/**
 * The guard and the current-principal param decorator of one session kind. The guard lets a request through only with
 * a live session in `cookie` (requireSession: 401 with `refusal` otherwise) and stores `session[field]` on the request.
 * Subclass `Guard` once per kind so each guard is its own named class.
 */
export function sessionAuth<P extends SessionPattern, K extends keyof RpcResponse<P> & string>(kind: SessionKind<P, K>) {
  type Principal = RpcResponse<P>[K];
  type Carrier = Partial<Record<K, Principal>>;

  // Explicit @Inject tokens: a class made inside a function must not depend on emitted design:paramtypes.
  @Injectable()
  class SessionGuard implements CanActivate {
    constructor(
      @Inject(GatewayRpc) private readonly rpc: GatewayRpc,
      @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    ) {}

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const session = await requireSession(this.rpc, context, {
        cookie: kind.cookie,
        pattern: kind.pattern,
        refusal: kind.refusal,
        production: this.config.production,
      });
      context.switchToHttp().getRequest<Carrier>()[kind.field] = session[kind.field];
      return true;
    }
  }

  const Current = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
    const principal = context.switchToHttp().getRequest<Carrier>()[kind.field];
    // Only reachable when a route forgot the guard's decorator: refuse rather than run unauthenticated.
    if (!principal) throw ApiError.of(401, kind.refusal);
    return principal;
  });

  return { Guard: SessionGuard as Type<CanActivate>, Current };
}
