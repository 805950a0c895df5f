import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  ApproveCompanyDto,
  RequestApiAccessDto,
  RevealCredentialsDto,
  RpcPatterns,
  type AdminCompaniesResponse,
  type ApiAccessResponse,
  type ApiAccountResponse,
  type ApproveCompanyResponse,
  type RevealCredentialsResponse,
  type SignedInAdmin,
} from '@paymarket/contracts';
import { Admin, CurrentAdmin } from '../auth/admin.guard.js';
import { ApiKey, CurrentCompany, type ApiCompany } from '../auth/api-key.guard.js';
import { adminActor, auditContext, auditOrigin } from '../http/audit-context.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { Doc, DocTag } from '../openapi/describe.js';

/** Companies ask for API access (spec §7); the outcome is decided by onboarding's risk checks. */
@DocTag('API access')
@Controller('api')
export class ApiAccessController {
  constructor(private readonly rpc: GatewayRpc) {}

  /** 201 for every outcome (approved, pending_review, rejected): the application was recorded either way. */
  @Doc({
    summary: 'Request API access for a company (risk-checked; credentials shown once when approved at once)',
    status: 201,
    returns: 'ApiAccessResponse',
    errors: [400, 409],
  })
  @Post('request-api-access')
  @HttpCode(201)
  @RateLimit('public-form')
  async request(@Body() body: RequestApiAccessDto, @Req() request: FastifyRequest): Promise<ApiAccessResponse> {
    // Where the application came from: an automatic approval or rejection is recorded with it (ADR 0075).
    return this.rpc.call(RpcPatterns.onboarding.REQUEST_API_ACCESS, { ...body, audit: auditOrigin(request) });
  }

  /** Redeems the one-time link emailed after an administrator's approval; answers the credentials once. */
  @Doc({
    summary: 'Reveal credentials once with the emailed one-time link token',
    returns: 'RevealCredentialsResponse',
    errors: [400, 404, 410],
  })
  @Post('api-access/credentials')
  @HttpCode(200)
  @RateLimit('public-form')
  async reveal(@Body() body: RevealCredentialsDto): Promise<RevealCredentialsResponse> {
    return this.rpc.call(RpcPatterns.onboarding.REVEAL_COMPANY_CREDENTIALS, { companyId: body.companyId, token: body.token });
  }

  /** The smallest API call an integrator can make: proves the issued secret key works (Authorization: Bearer sk_…). */
  @Doc({ summary: 'The company the API key belongs to', returns: 'ApiAccountResponse' })
  @Get('v1/account')
  @ApiKey()
  account(@CurrentCompany() company: ApiCompany): ApiAccountResponse {
    return {
      company: { id: company.id, name: company.name, website: company.website, apiKey: company.apiKey },
      livemode: company.livemode,
      keyId: company.keyId,
      access: company.access,
    };
  }
}

/** Administrators review company applications. Every route needs an admin session. */
@DocTag('Administration')
@Controller('api/admin')
@Admin()
export class AdminCompaniesController {
  constructor(private readonly rpc: GatewayRpc) {}

  @Doc({ summary: 'List companies that asked for API access', returns: 'AdminCompaniesResponse' })
  @Get('companies')
  async list(): Promise<AdminCompaniesResponse> {
    return this.rpc.call(RpcPatterns.onboarding.LIST_COMPANIES, {});
  }

  @Doc({ summary: 'Approve or reject a company under review', returns: 'ApproveCompanyResponse', errors: [400, 404, 409] })
  @Post('approve-company/:companyId')
  @HttpCode(200)
  async approve(
    @Param('companyId') companyId: string,
    @Body() body: ApproveCompanyDto,
    @CurrentAdmin() admin: SignedInAdmin,
    @Req() request: FastifyRequest,
  ): Promise<ApproveCompanyResponse> {
    return this.rpc.call(RpcPatterns.onboarding.APPROVE_COMPANY, {
      companyId,
      notes: body.notes ?? null,
      approvedBy: admin.email,
      audit: auditContext(request, adminActor(admin)),
    });
  }
}
