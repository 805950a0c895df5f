import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  API_KEY_MESSAGES_V1,
  CreateApiKeyDto,
  RpcPatterns,
  type ApiKeyList,
  type ApiKeyView,
  type CreatedApiKey,
  type RollApiKeyDto,
} from '@paymarket/contracts';
import { ApiKey, CurrentCompany, type ApiCompany } from '../auth/api-key.guard.js';
import { ApiError } from '../http/api-error.js';
import { auditContext, companyActor } from '../http/audit-context.js';
import { idempotencyKeyOf } from '../http/idempotency-key.js';
import { GatewayRpc } from '../http/rpc.provider.js';
import { Doc, DocTag } from '../openapi/describe.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';

const O = RpcPatterns.onboarding;

/** Managing keys needs full access: a read-only key cannot mint itself a full one (it cannot POST anyway). */
function fullAccess(company: ApiCompany): string {
  if (company.access !== 'full') throw ApiError.of(403, API_KEY_MESSAGES_V1.FULL_ACCESS_REQUIRED);
  return company.id;
}

/** A company's API keys (ADR 0037): several at once, full or read-only, shown once, rolled with an overlap, revoked. */
@DocTag('API keys')
@Controller('api/v1/api-keys')
@RateLimit('integrator-api')
@ApiKey()
export class ApiKeysController {
  constructor(private readonly rpc: GatewayRpc) {}

  @Doc({ summary: "List the company's API keys (never their secrets)", returns: 'ApiKeyList' })
  @Get()
  list(@CurrentCompany() company: ApiCompany): Promise<ApiKeyList> {
    return this.rpc.call(O.LIST_API_KEYS, { companyId: fullAccess(company) });
  }

  @Doc({
    summary: 'Create an API key (its secret is in this answer only)',
    description:
      'A repeat with the same Idempotency-Key makes no second key: its secret is stored only hashed and shown once, so the repeat answers 409 naming the key already made (revoke it and create another if its secret never arrived).',
    status: 201,
    returns: 'CreatedApiKey',
    idempotent: true,
    errors: [400, 409, 422],
  })
  @Post()
  @HttpCode(201)
  create(@CurrentCompany() company: ApiCompany, @Body() body: CreateApiKeyDto, @Req() request: FastifyRequest): Promise<CreatedApiKey> {
    return this.rpc.call(O.CREATE_API_KEY, {
      ...body,
      companyId: fullAccess(company),
      idempotencyKey: idempotencyKeyOf(request),
      audit: auditContext(request, companyActor(company)),
    });
  }

  @Doc({
    summary: 'Roll a key: a new secret now, the old one keeps working for up to 24 hours',
    description:
      'A repeat with the same Idempotency-Key rolls nothing more: the new secret is stored only hashed and shown once, so the repeat answers 409 naming the new key (revoke it and roll again if its secret never arrived).',
    status: 201,
    returns: 'CreatedApiKey',
    body: 'RollApiKeyDto',
    idempotent: true,
    errors: [400, 404, 409, 422],
  })
  @Post(':id/roll')
  @HttpCode(201)
  roll(
    @CurrentCompany() company: ApiCompany,
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<CreatedApiKey> {
    // The body is optional (24 hours by default); onboarding validates it with RollApiKeyDto.
    const fields = body === undefined || body === null ? {} : body;
    if (typeof fields !== 'object' || Array.isArray(fields)) {
      throw ApiError.of(400, 'The request body must be a JSON object', { body: ['The request body must be a JSON object'] });
    }
    const companyId = fullAccess(company);
    return this.rpc.call(O.ROLL_API_KEY, {
      ...(fields as RollApiKeyDto),
      companyId,
      id,
      idempotencyKey: idempotencyKeyOf(request),
      // After the body: a body cannot set who acted.
      audit: auditContext(request, companyActor(company)),
    });
  }

  @Doc({ summary: 'Revoke a key at once', returns: 'ApiKeyView', errors: [404] })
  @Delete(':id')
  @HttpCode(200)
  revoke(@CurrentCompany() company: ApiCompany, @Param('id') id: string, @Req() request: FastifyRequest): Promise<ApiKeyView> {
    return this.rpc.call(O.REVOKE_API_KEY, { companyId: fullAccess(company), id, audit: auditContext(request, companyActor(company)) });
  }
}
