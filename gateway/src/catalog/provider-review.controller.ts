import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  PROVIDER_APPLICATION_STATUSES,
  ProviderApplicationDecisionDto,
  RpcPatterns,
  type ProviderApplicationStatus,
  type ProviderApplicationView,
  type RpcResponse,
  type SignedInAdmin,
} from '@paymarket/contracts';
import { Admin, CurrentAdmin } from '../auth/admin.guard.js';
import { ApiError } from '../http/api-error.js';
import { adminActor, auditContext } from '../http/audit-context.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { Doc, DocTag } from '../openapi/describe.js';

const STATUS_MESSAGE = 'status must be pending, approved or rejected';

/** Administrators review print provider applications. Every route needs an admin session. */
@DocTag('Administration')
@Controller('api/admin/provider-applications')
@Admin()
export class ProviderReviewController {
  constructor(private readonly rpc: GatewayRpc) {}

  @Doc({
    summary: 'List print provider applications (filter by status)',
    schema: {
      type: 'object',
      required: ['applications'],
      properties: { applications: { type: 'array', items: { $ref: '#/components/schemas/ProviderApplicationView' } } },
    },
    errors: [400],
  })
  @Get()
  async list(@Query('status') status?: string): Promise<RpcResponse<'catalog.list_provider_applications'>> {
    if (status !== undefined && !PROVIDER_APPLICATION_STATUSES.includes(status as ProviderApplicationStatus)) {
      throw ApiError.of(400, STATUS_MESSAGE, { status: [STATUS_MESSAGE] });
    }
    return this.rpc.call(RpcPatterns.catalog.LIST_PROVIDER_APPLICATIONS, { status: status as ProviderApplicationStatus | undefined });
  }

  @Doc({ summary: 'Approve a print provider application', returns: 'ProviderApplicationView', errors: [400, 404, 409] })
  @Post(':id/approve')
  @HttpCode(200)
  async approve(
    @Param('id') id: string,
    @Body() body: ProviderApplicationDecisionDto,
    @CurrentAdmin() admin: SignedInAdmin,
    @Req() request: FastifyRequest,
  ): Promise<ProviderApplicationView> {
    return this.decide(id, 'approved', body, admin, request);
  }

  @Doc({ summary: 'Reject a print provider application', returns: 'ProviderApplicationView', errors: [400, 404, 409] })
  @Post(':id/reject')
  @HttpCode(200)
  async reject(
    @Param('id') id: string,
    @Body() body: ProviderApplicationDecisionDto,
    @CurrentAdmin() admin: SignedInAdmin,
    @Req() request: FastifyRequest,
  ): Promise<ProviderApplicationView> {
    return this.decide(id, 'rejected', body, admin, request);
  }

  private decide(
    id: string,
    decision: 'approved' | 'rejected',
    body: ProviderApplicationDecisionDto,
    admin: SignedInAdmin,
    request: FastifyRequest,
  ) {
    return this.rpc.call(RpcPatterns.catalog.DECIDE_PROVIDER_APPLICATION, {
      applicationId: id,
      decision,
      note: body.note ?? null,
      decidedBy: admin.email,
      audit: auditContext(request, adminActor(admin)),
    });
  }
}
