import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RpcPatterns, type RpcEnvelope, type RpcRequest, type RpcResponse } from '@paymarket/contracts';
import { ListAudit } from './list-audit.use-case.js';

/** The audit trail's reads (ADR 0075): /admin's and the developer console's. */
@Controller()
export class AuditHandler {
  constructor(private readonly list: ListAudit) {}

  @MessagePattern<string>(RpcPatterns.onboarding.LIST_AUDIT)
  listAudit(@Payload() message: RpcEnvelope<Partial<RpcRequest<'onboarding.list_audit'>>>): Promise<RpcResponse<'onboarding.list_audit'>> {
    return this.list.execute(message?.data);
  }
}
