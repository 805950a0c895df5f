import type { BuyerRequestView } from '@paymarket/contracts';
import type { BuyerRequestRow } from './buyer-requests.repository.js';

/** The public card: the buyer's email stays on the server; `mine` says whether the viewer posted it. */
export function toView(row: BuyerRequestRow, viewerEmail: string | undefined): BuyerRequestView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    budget: row.budget,
    timeline: row.timeline,
    location: row.location,
    buyerName: row.buyerName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    mine: viewerEmail !== undefined && viewerEmail === row.buyerEmail,
  };
}
