import { Injectable } from '@nestjs/common';
import { DISPUTE_MESSAGES } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import type { EntityManager } from 'typeorm';

/**
 * A disputed order takes no refund (ADR 0045): the card network already took the money back, so a refund would pay
 * the buyer twice. Only a won dispute lifts the freeze. Called inside the refund's planning transaction.
 */
@Injectable()
export class DisputeFreeze {
  async assertNotDisputed(manager: EntityManager, orderUuid: string): Promise<void> {
    const rows = (await manager.query(`SELECT 1 FROM disputes WHERE order_id = $1 AND status <> 'won' LIMIT 1`, [orderUuid])) as unknown[];
    if (rows.length > 0) throw ServiceError.conflict(DISPUTE_MESSAGES.REFUNDS_FROZEN);
  }
}
