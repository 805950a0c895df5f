import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@paymarket/platform';
import { Clock } from './clock.js';
import { OneTimeCodes, SqlOneTimeCodeStore } from './one-time-codes.js';

/**
 * The buyers' emailed codes (ADR 0016) in their `sign_in_codes` table, by the shared OneTimeCodes rules. The lock
 * namespace `sign-in:` and the table's older way of marking closed codes are kept as they were.
 */
@Injectable()
export class BuyerSignInCodes extends OneTimeCodes {
  constructor(unitOfWork: UnitOfWork, clock: Clock) {
    super(new SqlOneTimeCodeStore('sign_in_codes', 'buyer_id', 'sign-in:', 'consumed-when-closed'), unitOfWork, clock);
  }
}
