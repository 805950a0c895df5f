import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  RegisterBuyerDto,
  RpcPatterns,
  summariseFieldErrors,
  validateDto,
  type RegisterBuyerResponse,
  type RpcEnvelope,
} from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { RegisterBuyerUseCase } from './register-buyer.use-case.js';

@Controller()
export class BuyersHandler {
  constructor(private readonly registerBuyer: RegisterBuyerUseCase) {}

  @MessagePattern<string>(RpcPatterns.onboarding.REGISTER_BUYER)
  async register(@Payload() message: RpcEnvelope<unknown>): Promise<RegisterBuyerResponse> {
    // Validated again here: the gateway is not the only possible caller.
    const input = validateDto(RegisterBuyerDto, message.data);
    if (!input.ok) throw ServiceError.invalid(summariseFieldErrors(input.errors), input.errors);
    return this.registerBuyer.execute(input.value);
  }
}
