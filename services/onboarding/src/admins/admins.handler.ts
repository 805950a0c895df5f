import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AdminLoginDto,
  AUTH_MESSAGES,
  RpcPatterns,
  summariseFieldErrors,
  validateDto,
  type RpcEnvelope,
  type RpcRequest,
  type RpcResponse,
} from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { auditOriginOf } from '../auth/audit-trail.js';
import { normaliseClient } from '../auth/device-label.js';
import { SessionsService } from '../auth/sessions.service.js';
import { AdminLoginUseCase } from './admin-login.use-case.js';
import { AdminsRepository } from './admins.repository.js';
import { AdminSessionGate } from './second-factor/admin-session-gate.js';

@Controller()
export class AdminsHandler {
  constructor(
    private readonly login: AdminLoginUseCase,
    private readonly sessions: SessionsService,
    private readonly admins: AdminsRepository,
    private readonly gate: AdminSessionGate,
  ) {}

  @MessagePattern<string>(RpcPatterns.onboarding.ADMIN_LOGIN)
  async adminLogin(@Payload() message: RpcEnvelope<RpcRequest<'onboarding.admin_login'>>): Promise<RpcResponse<'onboarding.admin_login'>> {
    const { ip, previousToken, userAgent, audit, ...body } = message.data ?? ({} as RpcRequest<'onboarding.admin_login'>);
    const input = validateDto(AdminLoginDto, body);
    if (!input.ok) throw ServiceError.invalid(summariseFieldErrors(input.errors), input.errors);
    return this.login.execute({
      ...input.value,
      ip: typeof ip === 'string' && ip.length > 0 ? ip.slice(0, 100) : 'unknown',
      previousToken: typeof previousToken === 'string' ? previousToken : undefined,
      client: normaliseClient({ userAgent, ip }),
      from: auditOriginOf(audit),
    });
  }

  @MessagePattern<string>(RpcPatterns.onboarding.RESOLVE_ADMIN_SESSION)
  async resolve(
    @Payload() message: RpcEnvelope<{ token?: unknown; allowPending?: unknown }>,
  ): Promise<RpcResponse<'onboarding.resolve_admin_session'>> {
    const live = await this.sessions.inspect('admin', message.data?.token);
    const admin = live ? await this.admins.byId(live.subjectId) : undefined;
    if (!live || !admin) throw ServiceError.unauthorized(AUTH_MESSAGES.ADMIN_REQUIRED);
    const signedIn = { id: admin.id, email: admin.email };
    if (live.factorVerifiedAt) return { admin: signedIn, secondFactor: 'verified' };
    // Half-signed-in: refused unless the caller asked to see it (to say "second factor required" rather than 401 alone).
    if (message.data?.allowPending !== true) throw ServiceError.unauthorized(AUTH_MESSAGES.SECOND_FACTOR_REQUIRED);
    return { admin: signedIn, secondFactor: await this.gate.pendingStep(admin.id, admin.email) };
  }

  @MessagePattern<string>(RpcPatterns.onboarding.END_ADMIN_SESSION)
  async end(@Payload() message: RpcEnvelope<{ token?: unknown }>): Promise<RpcResponse<'onboarding.end_admin_session'>> {
    return { ended: await this.sessions.end('admin', message.data?.token) };
  }
}
