import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  RequestSignInCodeDto,
  RpcPatterns,
  summariseFieldErrors,
  validateDto,
  VerifySignInCodeDto,
  type RpcEnvelope,
  type RpcResponse,
} from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import type { ClassConstructor } from 'class-transformer';
import { PayeeSignIn } from './payee-sign-in.use-cases.js';

const P = RpcPatterns.payeeAuth;

function fieldsOf(message: RpcEnvelope<unknown>): Record<string, unknown> {
  const data = message?.data;
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

// Validated again here: the gateway is not the only possible caller. The bodies are the buyers' own DTOs.
function validated<T extends object>(cls: ClassConstructor<T>, plain: Record<string, unknown>): T {
  const result = validateDto(cls, plain);
  if (!result.ok) throw ServiceError.invalid(summariseFieldErrors(result.errors), result.errors);
  return result.value;
}

/** Payee sign-in for sellers and print providers (ADR 0047). */
@Controller()
export class PayeeAuthHandler {
  constructor(private readonly signIn: PayeeSignIn) {}

  @MessagePattern<string>(P.REQUEST_PAYEE_CODE)
  request(@Payload() message: RpcEnvelope<unknown>): Promise<RpcResponse<'onboarding.request_payee_code'>> {
    return this.signIn.requestCode(validated(RequestSignInCodeDto, fieldsOf(message)).email);
  }

  @MessagePattern<string>(P.VERIFY_PAYEE_CODE)
  verify(@Payload() message: RpcEnvelope<unknown>): Promise<RpcResponse<'onboarding.verify_payee_code'>> {
    const { previousToken, ...rest } = fieldsOf(message);
    const input = validated(VerifySignInCodeDto, rest);
    return this.signIn.verify({ ...input, ...(typeof previousToken === 'string' ? { previousToken } : {}) });
  }

  @MessagePattern<string>(P.RESOLVE_PAYEE_SESSION)
  resolve(@Payload() message: RpcEnvelope<unknown>): Promise<RpcResponse<'onboarding.resolve_payee_session'>> {
    return this.signIn.resolve(fieldsOf(message).token);
  }

  @MessagePattern<string>(P.END_PAYEE_SESSION)
  end(@Payload() message: RpcEnvelope<unknown>): Promise<RpcResponse<'onboarding.end_payee_session'>> {
    return this.signIn.end(fieldsOf(message).token);
  }
}
