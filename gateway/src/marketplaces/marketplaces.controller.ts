import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { RpcPatterns, SetupMarketplaceDto, type IntegrationInfoResponse, type SetupMarketplaceResponse } from '@paymarket/contracts';
import { GatewayRpc } from '../http/rpc.provider.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { INTEGRATION_INFO } from './integration-info.js';
import { Doc, DocTag } from '../openapi/describe.js';

@DocTag('Marketplaces')
@Controller('api')
export class MarketplacesController {
  constructor(private readonly rpc: GatewayRpc) {}

  /** White-label marketplace registration (spec §7); 409 when the domain is already registered. */
  @Doc({ summary: 'Register a white-label marketplace', status: 201, returns: 'SetupMarketplaceResponse', errors: [400, 409] })
  @Post('setup-marketplace')
  @HttpCode(201)
  @RateLimit('public-form')
  async setup(@Body() body: SetupMarketplaceDto): Promise<SetupMarketplaceResponse> {
    return this.rpc.call(RpcPatterns.onboarding.SETUP_MARKETPLACE, body);
  }

  @Doc({ summary: 'What the integration pages show: webhook events, SDKs, fees', returns: 'IntegrationInfoResponse' })
  @Get('integration-info')
  info(): IntegrationInfoResponse {
    return INTEGRATION_INFO;
  }
}
