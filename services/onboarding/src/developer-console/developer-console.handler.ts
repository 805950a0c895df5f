import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  API_KEY_MESSAGES,
  API_KEY_MESSAGES_V1 as M,
  ConsoleSignInCodeDto,
  ConsoleSignInVerifyDto,
  CreateApiKeyDto,
  RollApiKeyDto,
  RpcPatterns,
  summariseFieldErrors,
  validateDto,
  type ApiAccountResponse,
  type ApiKeyList,
  type ApiKeyView,
  type ConsoleCompany,
  type ConsoleSignInCodeResponse,
  type CreatedApiKey,
  type RpcEnvelope,
  type StartedSession,
} from '@paymarket/contracts';
import { idempotencyKeyFrom, requireAuditContext, ServiceError } from '@paymarket/platform';
import type { ClassConstructor } from 'class-transformer';
import { normaliseClient } from '../auth/device-label.js';
import { ApiKeys } from './api-keys.use-cases.js';
import { ConsoleSignIn } from './console-sign-in.use-cases.js';

const P = RpcPatterns.onboarding;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function fieldsOf(message: RpcEnvelope<unknown>): Record<string, unknown> {
  const data = message.data;
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

function validated<T extends object>(cls: ClassConstructor<T>, plain: Record<string, unknown>): T {
  const result = validateDto(cls, plain);
  if (!result.ok) throw ServiceError.invalid(summariseFieldErrors(result.errors), result.errors);
  return result.value;
}

/** The caller's company (verified by the gateway) and the path's key id (anything but a uuid is not found). */
function target(message: RpcEnvelope<unknown>): { companyId: string; id: string; rest: Record<string, unknown> } {
  const { companyId, id, ...rest } = fieldsOf(message);
  if (typeof companyId !== 'string' || !UUID.test(companyId)) throw ServiceError.invalid('companyId is required');
  if (id !== undefined && (typeof id !== 'string' || !UUID.test(id))) throw ServiceError.notFound(M.NOT_FOUND);
  return { companyId, id: (id as string | undefined) ?? '', rest };
}

/** API keys and the developer console's sign-in (ADR 0037). */
@Controller()
export class DeveloperConsoleHandler {
  constructor(
    private readonly keys: ApiKeys,
    private readonly signIn: ConsoleSignIn,
  ) {}

  @MessagePattern<string>(P.AUTHENTICATE_API_KEY)
  async authenticate(@Payload() message: RpcEnvelope<unknown>): Promise<ApiAccountResponse> {
    const { secretKey } = fieldsOf(message);
    if (typeof secretKey !== 'string' || !/^sk_(test|live)_[A-Za-z0-9_-]{20,100}$/.test(secretKey)) {
      throw ServiceError.unauthorized(API_KEY_MESSAGES.REQUIRED);
    }
    return this.keys.authenticate(secretKey);
  }

  @MessagePattern<string>(P.LIST_API_KEYS)
  list(@Payload() message: RpcEnvelope<unknown>): Promise<ApiKeyList> {
    return this.keys.list(target(message).companyId);
  }

  @MessagePattern<string>(P.CREATE_API_KEY)
  create(@Payload() message: RpcEnvelope<unknown>): Promise<CreatedApiKey> {
    const { companyId, rest } = target(message);
    const { idempotencyKey, audit, ...fields } = rest;
    const input = validated(CreateApiKeyDto, fields);
    return this.keys.create(companyId, input, requireAuditContext(audit), idempotencyKeyFrom(idempotencyKey));
  }

  @MessagePattern<string>(P.ROLL_API_KEY)
  roll(@Payload() message: RpcEnvelope<unknown>): Promise<CreatedApiKey> {
    const { companyId, id, rest } = target(message);
    const { idempotencyKey, audit, ...fields } = rest;
    const body = validated(RollApiKeyDto, fields);
    return this.keys.roll(companyId, id, body.expiresInHours ?? 24, requireAuditContext(audit), idempotencyKeyFrom(idempotencyKey));
  }

  @MessagePattern<string>(P.REVOKE_API_KEY)
  revoke(@Payload() message: RpcEnvelope<unknown>): Promise<ApiKeyView> {
    const { companyId, id, rest } = target(message);
    return this.keys.revoke(companyId, id, requireAuditContext(rest.audit));
  }

  @MessagePattern<string>(P.REQUEST_CONSOLE_CODE)
  requestCode(@Payload() message: RpcEnvelope<unknown>): Promise<ConsoleSignInCodeResponse> {
    return this.signIn.requestCode(validated(ConsoleSignInCodeDto, fieldsOf(message)).email);
  }

  @MessagePattern<string>(P.VERIFY_CONSOLE_CODE)
  verify(@Payload() message: RpcEnvelope<unknown>): Promise<StartedSession & { company: ConsoleCompany }> {
    const { previousToken, ip, userAgent, ...rest } = fieldsOf(message);
    const input = validated(ConsoleSignInVerifyDto, rest);
    return this.signIn.verify({
      ...input,
      ...(typeof previousToken === 'string' ? { previousToken } : {}),
      client: normaliseClient({ userAgent, ip }),
    });
  }

  @MessagePattern<string>(P.RESOLVE_CONSOLE_SESSION)
  resolve(@Payload() message: RpcEnvelope<unknown>): Promise<{ company: ConsoleCompany }> {
    return this.signIn.resolve(fieldsOf(message).token);
  }

  @MessagePattern<string>(P.END_CONSOLE_SESSION)
  end(@Payload() message: RpcEnvelope<unknown>): Promise<{ ended: boolean }> {
    return this.signIn.end(fieldsOf(message).token);
  }
}
