import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { RegisterBuyerDto, RpcPatterns, type RegisterBuyerResponse } from '@paymarket/contracts';
import { GatewayRpc } from '../http/rpc.provider.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { Doc, DocTag } from '../openapi/describe.js';

@DocTag('Buyers')
@Controller('api')
export class BuyersController {
  constructor(private readonly rpc: GatewayRpc) {}

  @Doc({ summary: 'Register a buyer', status: 201, returns: 'RegisterBuyerResponse', errors: [400, 409] })
  @Post('register-buyer')
  @HttpCode(201)
  @RateLimit('register-buyer')
  async register(@Body() body: RegisterBuyerDto): Promise<RegisterBuyerResponse> {
    return this.rpc.call(RpcPatterns.onboarding.REGISTER_BUYER, body);
  }
}
