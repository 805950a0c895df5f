import type { PostBuyerRequestDto, RequestsActor } from '@paymarket/contracts';

/**
 * Marks the demo buyers. Onboarding gives every buyer a UUID, so no session ever carries one of these ids (quotes,
 * account erasure and "My requests" go by it); their emails are at example.com like the demo sellers' (RFC 2606: no
 * mail is ever delivered there) and no buyer account exists for them.
 */
export const DEMO_BUYER_ID_PREFIX = 'demo-buyer-';

export interface SeedBuyerRequest {
  /** Fixed, so the demo requests are the same on every fresh data folder (tests and docs can name them). */
  id: string;
  buyer: RequestsActor;
  /** What the buyer would have sent to POST /api/buyer-requests (validated with PostBuyerRequestDto before use). */
  input: PostBuyerRequestDto;
}

/**
 * Demonstration buyer requests for embedded mode, in the order they are posted (the board lists the last first): one
 * per product category the demo sellers cover, budgets in each of the board's buckets (under 100, 100 to 500, over
 * 500). Never used by tests (they build their own fixtures).
 */
export const SEED_BUYER_REQUESTS: readonly SeedBuyerRequest[] = [
  {
    id: 'de300000-0000-4000-8000-000000000001',
    buyer: { buyerId: `${DEMO_BUYER_ID_PREFIX}1`, email: 'olivia@wickandwane.example.com', name: 'Olivia Bennett' },
    input: {
      title: 'Printed mailer boxes for a candle subscription',
      description:
        'We ship 300 candle boxes a month and want a branded mailer: kraft outside, one-colour print inside the lid with a short thank-you note. Box is about 20 × 15 × 10 cm. Recycled board and soy or water-based inks preferred; we can supply the dieline.',
      category: 'packaging',
      budget: '$700 - $900 for the first 300 boxes',
      timeline: 'Within a month',
      location: 'Portland, OR, USA',
    },
  },
  {
    id: 'de300000-0000-4000-8000-000000000002',
    buyer: { buyerId: `${DEMO_BUYER_ID_PREFIX}2`, email: 'amir@brightsidedental.example.com', name: 'Amir Haddad' },
    input: {
      title: 'Tri-fold brochures for a new dental clinic',
      description:
        'Our clinic opens next month and we need 1,000 tri-fold brochures (letter size, gloss, full colour both sides) listing our services and new-patient offer. Copy and photos are ready; we would like one round of proofs before printing.',
      category: 'marketing-materials',
      budget: '$150 - $250',
      timeline: 'Ready for opening day, about 4 weeks',
      location: 'Ottawa, ON, Canada',
    },
  },
  {
    id: 'de300000-0000-4000-8000-000000000003',
    buyer: { buyerId: `${DEMO_BUYER_ID_PREFIX}3`, email: 'marcus@greenridge.example.com', name: 'Marcus Lee' },
    input: {
      title: 'Embroidered polos for a 40-person landscaping crew',
      description:
        'Looking for 40 moisture-wicking polos in forest green with our logo embroidered on the left chest, sizes S to 3XL (size breakdown ready). A second order of 20 is likely mid-season if the first goes well.',
      category: 'apparel-printing',
      budget: '$1,200 - $1,600',
      timeline: 'Before the season starts, within 6 weeks',
      location: 'Calgary, AB, Canada',
    },
  },
  {
    id: 'de300000-0000-4000-8000-000000000004',
    buyer: { buyerId: `${DEMO_BUYER_ID_PREFIX}4`, email: 'daniel@northernstrides.example.com', name: 'Daniel Okoro' },
    input: {
      title: 'Branded tote bags and water bottles for a charity 5K',
      description:
        'Our running club hosts a charity 5K for 250 runners. We need cotton tote bags and reusable water bottles with the event logo and sponsor names, one or two print colours. Open to suggestions on other small giveaways in the same budget.',
      category: 'promotional-products',
      budget: '$400 - $500',
      timeline: 'Before race day in 5 weeks',
      location: 'Winnipeg, MB, Canada',
    },
  },
  {
    id: 'de300000-0000-4000-8000-000000000005',
    buyer: { buyerId: `${DEMO_BUYER_ID_PREFIX}5`, email: 'hannah@peakcoffee.example.com', name: 'Hannah Fischer' },
    input: {
      title: 'Trade show banner and pull-up stand',
      description:
        'We are exhibiting at a regional food and drink expo and need one 3 m × 1 m vinyl banner with grommets plus an 85 cm pull-up stand with carry case. Artwork is in progress; a designer who can tidy the files for print would be a bonus.',
      category: 'signs-banners',
      budget: '$350 - $500',
      timeline: '3 weeks, the expo is on the 14th',
      location: 'Denver, CO, USA',
    },
  },
  {
    id: 'de300000-0000-4000-8000-000000000006',
    buyer: { buyerId: `${DEMO_BUYER_ID_PREFIX}6`, email: 'chloe@riversidebakery.example.com', name: 'Chloé Martin' },
    input: {
      title: '250 business cards for a neighbourhood bakery',
      description:
        'Small bakery looking for 250 business cards on thick uncoated stock, rounded corners if possible. Our logo is ready as a vector file; the back should show opening hours and a small map. Happy to pick up locally.',
      category: 'business-cards',
      budget: '$60 - $90',
      timeline: 'Within 2 weeks',
      location: 'Halifax, NS, Canada',
    },
  },
];
