import { Body, Controller, Get, HttpCode, Patch, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  AttachMarketplaceDto,
  RpcPatterns,
  UpdateMarketplaceDto,
  type MarketplaceConsoleResponse,
  type MarketplaceView,
} from '@paymarket/contracts';
import { ApiKey, CurrentCompany, type ApiCompany } from '../auth/api-key.guard.js';
import { auditContext, companyActor } from '../http/audit-context.js';
import { idempotencyKeyOf } from '../http/idempotency-key.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { Doc, DocTag } from '../openapi/describe.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';

const O = RpcPatterns.onboarding;

/**
 * The company's white-label marketplace (ADR 0051), with its secret key or the developer console's session. There is
 * no id in the path: a company only ever reaches its own marketplace. A read-only key may read it (the guard refuses
 * its writes with 403). Bodies are validated again in onboarding.
 */
// Decorators apply bottom-up and each appends its guard, so ApiKeyGuard runs first: the limiter counts per company.
@DocTag('Marketplace')
@Controller('api/v1/marketplace')
@RateLimit('integrator-api')
@ApiKey()
export class CompanyMarketplaceController {
  constructor(private readonly rpc: GatewayRpc) {}

  @Doc({
    summary: "The company's marketplace, or the marketplaces it may attach",
    description:
      'Without a marketplace, `candidates` lists the unattached marketplaces registered (POST /api/setup-marketplace) with the company contact email as contact or admin email.',
    returns: 'MarketplaceConsoleResponse',
  })
  @Get()
  get(@CurrentCompany() company: ApiCompany): Promise<MarketplaceConsoleResponse> {
    return this.rpc.call(O.GET_COMPANY_MARKETPLACE, { companyId: company.id });
  }

  @Doc({
    summary: 'Attach a marketplace registered with the company contact email',
    description:
      '404 unless the marketplace was registered with the company contact email; 409 when the company already has a marketplace or another company attached this one. Publishes `marketplace.updated`.',
    returns: 'MarketplaceView',
    idempotent: true,
    errors: [400, 404, 409, 422],
  })
  @Post('attach')
  @HttpCode(200)
  attach(
    @CurrentCompany() company: ApiCompany,
    @Body() body: AttachMarketplaceDto,
    @Req() request: FastifyRequest,
  ): Promise<MarketplaceView> {
    return this.rpc.call(O.ATTACH_MARKETPLACE, { ...body, companyId: company.id, idempotencyKey: idempotencyKeyOf(request) });
  }

  @Doc({
    summary: "Change the marketplace's domains, branding, fee terms or payout account",
    description:
      'Any subset of the fields; an absent field keeps its value, null removes an accent colour, logo or payout account, and `domains` replaces the whole list (the first is the primary). A payout account must be a connected account that can receive transfers (422 otherwise). Every change applies to orders created afterwards; an order keeps the terms it was made under.',
    returns: 'MarketplaceView',
    idempotent: true,
    errors: [400, 404, 409, 422],
  })
  @Patch()
  update(
    @CurrentCompany() company: ApiCompany,
    @Body() body: UpdateMarketplaceDto,
    @Req() request: FastifyRequest,
  ): Promise<MarketplaceView> {
    return this.rpc.call(O.UPDATE_MARKETPLACE, {
      companyId: company.id,
      idempotencyKey: idempotencyKeyOf(request),
      body,
      audit: auditContext(request, companyActor(company)),
    });
  }
}
