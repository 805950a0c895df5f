import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ConfirmAccountDeletionDto,
  RequestAccountDeletionDto,
  RpcPatterns,
  summariseFieldErrors,
  validateDto,
  type RpcEnvelope,
  type RpcResponse,
} from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { auditOriginOf } from '../auth/audit-trail.js';
import { ConfirmAccountDeletionUseCase } from './confirm-account-deletion.use-case.js';
import { RequestAccountDeletionUseCase } from './request-account-deletion.use-case.js';

function objectOf(data: unknown): Record<string, unknown> {
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

function validOrThrow<T extends object>(cls: new () => T, data: unknown): T {
  const input = validateDto(cls, data);
  if (!input.ok) throw ServiceError.invalid(summariseFieldErrors(input.errors), input.errors);
  return input.value;
}

@Controller()
export class AccountDeletionHandler {
  constructor(
    private readonly requestDeletion: RequestAccountDeletionUseCase,
    private readonly confirmDeletion: ConfirmAccountDeletionUseCase,
  ) {}

  // Validated again here: the gateway is not the only possible caller.
  @MessagePattern<string>(RpcPatterns.onboarding.REQUEST_ACCOUNT_DELETION)
  async request(@Payload() message: RpcEnvelope<unknown>): Promise<RpcResponse<'onboarding.request_account_deletion'>> {
    return this.requestDeletion.execute(validOrThrow(RequestAccountDeletionDto, message.data));
  }

  @MessagePattern<string>(RpcPatterns.onboarding.CONFIRM_ACCOUNT_DELETION)
  async confirm(@Payload() message: RpcEnvelope<unknown>): Promise<RpcResponse<'onboarding.confirm_account_deletion'>> {
    const { audit, ...body } = objectOf(message.data);
    const { token } = validOrThrow(ConfirmAccountDeletionDto, body);
    return this.confirmDeletion.execute({ token, from: auditOriginOf(audit) });
  }
}
