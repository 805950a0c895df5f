import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  RpcPatterns,
  SetupMarketplaceDto,
  summariseFieldErrors,
  validateDto,
  type RpcEnvelope,
  type SetupMarketplaceResponse,
} from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { RegisterMarketplaceUseCase } from './register-marketplace.use-case.js';

@Controller()
export class MarketplacesHandler {
  constructor(private readonly registerMarketplace: RegisterMarketplaceUseCase) {}

  @MessagePattern<string>(RpcPatterns.onboarding.SETUP_MARKETPLACE)
  async setup(@Payload() message: RpcEnvelope<unknown>): Promise<SetupMarketplaceResponse> {
    // Validated again here: the gateway is not the only possible caller.
    const input = validateDto(SetupMarketplaceDto, message.data);
    if (!input.ok) throw ServiceError.invalid(summariseFieldErrors(input.errors), input.errors);
    return this.registerMarketplace.execute(input.value);
  }
}
