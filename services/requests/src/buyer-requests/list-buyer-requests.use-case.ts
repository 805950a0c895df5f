import { Injectable } from '@nestjs/common';
import { LIST_LIMITS, type BuyerRequestListResponse, type ListBuyerRequestsQueryDto } from '@paymarket/contracts';
import { ServiceError } from '@paymarket/platform';
import { toView } from './buyer-request.view.js';
import { BuyerRequestErrors } from './buyer-requests.exception.js';
import { BuyerRequestsRepository } from './buyer-requests.repository.js';
import { decodeCursor, encodeCursor } from './cursor.js';

/** Search text is one line of plain text: control characters (and so line breaks) are dropped. */
export function normaliseSearch(q: string | undefined): string | undefined {
  // eslint-disable-next-line no-control-regex
  const text = (q ?? '').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return text === '' ? undefined : text;
}

@Injectable()
export class ListBuyerRequestsUseCase {
  constructor(private readonly requests: BuyerRequestsRepository) {}

  async execute(query: ListBuyerRequestsQueryDto, viewerEmail?: string): Promise<BuyerRequestListResponse> {
    const limit = query.limit ?? LIST_LIMITS.DEFAULT;
    let beforeSeq: string | undefined;
    if (query.cursor !== undefined && query.cursor !== '') {
      const seq = decodeCursor(query.cursor);
      if (seq === null) throw ServiceError.invalid(BuyerRequestErrors.CURSOR_INVALID, { cursor: [BuyerRequestErrors.CURSOR_INVALID] });
      beforeSeq = seq;
    }
    const [rows, stats] = await Promise.all([
      this.requests.listVisible({
        q: normaliseSearch(query.q),
        category: query.category,
        budget: query.budget,
        beforeSeq,
        limit: limit + 1,
      }),
      this.requests.visibleStats(),
    ]);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      requests: page.map((row) => toView(row, viewerEmail)),
      stats,
      nextCursor: rows.length > limit && last ? encodeCursor(last.seq) : null,
    };
  }
}
