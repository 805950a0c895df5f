import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@paymarket/platform';
import { Clock } from './clock.js';
import { OneTimeCodes, SqlOneTimeCodeStore } from './one-time-codes.js';

/**
 * The buyers' emailed codes (ADR 0016) in their `sign_in_codes` table, by the shared OneTimeCodes rules (the lock
 * namespace `sign-in:` is the one the buyers' flow always used).
 */
@Injectable()
export class BuyerSignInCodes extends OneTimeCodes {
  constructor(unitOfWork: UnitOfWork, clock: Clock) {
    super(new SqlOneTimeCodeStore('sign_in_codes', 'buyer_id', 'sign-in:'), unitOfWork, clock);
  }
}
