import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RegisterBuyerDto, RpcPatterns, summariseFieldErrors, validateDto, type RpcEnvelope, type RpcResponse } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { SessionsService } from '../auth/sessions.service.js';
import { RegisterBuyerUseCase } from './register-buyer.use-case.js';

@Controller()
export class BuyersHandler {
  constructor(
    private readonly registerBuyer: RegisterBuyerUseCase,
    private readonly sessions: SessionsService,
  ) {}

  @MessagePattern<string>(RpcPatterns.onboarding.REGISTER_BUYER)
  async register(@Payload() message: RpcEnvelope<unknown>): Promise<RpcResponse<'onboarding.register_buyer'>> {
    // Validated again here: the gateway is not the only possible caller.
    const input = validateDto(RegisterBuyerDto, message.data);
    if (!input.ok) throw ServiceError.invalid(summariseFieldErrors(input.errors), input.errors);
    const registered = await this.registerBuyer.execute(input.value);
    // Joining signs the buyer in, as users expect; the session starts only once the buyer is committed.
    const session = await this.sessions.start('buyer', registered.buyer.id);
    return { ...registered, session };
  }
}
