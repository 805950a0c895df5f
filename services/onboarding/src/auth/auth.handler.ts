import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AUTH_MESSAGES,
  RequestSignInCodeDto,
  RpcPatterns,
  summariseFieldErrors,
  validateDto,
  VerifySignInCodeDto,
  type RpcEnvelope,
  type RpcRequest,
  type RpcResponse,
} from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { RequestSignInCodeUseCase } from './request-sign-in-code.use-case.js';
import { SessionsService } from './sessions.service.js';
import { SignedInBuyersRepository } from './signed-in-buyers.repository.js';
import { VerifySignInCodeUseCase } from './verify-sign-in-code.use-case.js';

@Controller()
export class AuthHandler {
  constructor(
    private readonly requestCode: RequestSignInCodeUseCase,
    private readonly verifyCode: VerifySignInCodeUseCase,
    private readonly sessions: SessionsService,
    private readonly buyers: SignedInBuyersRepository,
  ) {}

  @MessagePattern<string>(RpcPatterns.onboarding.REQUEST_SIGN_IN_CODE)
  async request(@Payload() message: RpcEnvelope<unknown>): Promise<RpcResponse<'onboarding.request_sign_in_code'>> {
    // Validated again here: the gateway is not the only possible caller.
    const input = validateDto(RequestSignInCodeDto, message.data);
    if (!input.ok) throw ServiceError.invalid(summariseFieldErrors(input.errors), input.errors);
    return this.requestCode.execute(input.value.email);
  }

  @MessagePattern<string>(RpcPatterns.onboarding.VERIFY_SIGN_IN_CODE)
  async verify(
    @Payload() message: RpcEnvelope<RpcRequest<'onboarding.verify_sign_in_code'>>,
  ): Promise<RpcResponse<'onboarding.verify_sign_in_code'>> {
    const { previousToken, ...body } = message.data ?? ({} as RpcRequest<'onboarding.verify_sign_in_code'>);
    const input = validateDto(VerifySignInCodeDto, body);
    if (!input.ok) throw ServiceError.invalid(summariseFieldErrors(input.errors), input.errors);
    return this.verifyCode.execute({ ...input.value, previousToken: typeof previousToken === 'string' ? previousToken : undefined });
  }

  @MessagePattern<string>(RpcPatterns.onboarding.RESOLVE_BUYER_SESSION)
  async resolve(@Payload() message: RpcEnvelope<{ token?: unknown }>): Promise<RpcResponse<'onboarding.resolve_buyer_session'>> {
    const buyerId = await this.sessions.resolve('buyer', message.data?.token);
    const buyer = buyerId ? await this.buyers.byId(buyerId) : undefined;
    if (!buyer) throw ServiceError.unauthorized(AUTH_MESSAGES.SIGN_IN_REQUIRED);
    return { buyer };
  }

  @MessagePattern<string>(RpcPatterns.onboarding.END_BUYER_SESSION)
  async end(@Payload() message: RpcEnvelope<{ token?: unknown }>): Promise<RpcResponse<'onboarding.end_buyer_session'>> {
    return { ended: await this.sessions.end('buyer', message.data?.token) };
  }
}
