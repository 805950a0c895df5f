import type { SellerFields } from '../sellers/sellers.repository.js';

/**
 * Demonstration data for embedded mode: one seller in every registration category, with a few ratings, and print
 * providers on the Stripe emulator's seeded connected accounts. Never used by tests (they build their own fixtures).
 */
export const SEED_SELLERS: ReadonlyArray<SellerFields & { ratings: number[]; stripeAccountId?: string }> = [
  {
    businessName: 'Harbour Print Works',
    sellerName: 'Maya Thompson',
    email: 'maya@harbourprint.example.com',
    phone: '+1 902 555 0142',
    category: 'printing',
    description:
      'Offset and digital printing studio in Halifax. Business cards, flyers, brochures and booklets on FSC-certified stock, proofed by hand before every run.',
    products: 'Business cards, flyers, brochures, booklets, letterheads',
    pricing: 'Business cards from $29 per 250; flyers from $0.12 each',
    location: 'Halifax, NS, Canada',
    website: 'https://harbourprint.example.com',
    ratings: [5, 5, 4, 5],
    // A Stripe emulator demo account (ADR 0030): this seller can be paid on /payment from the first start.
    stripeAccountId: 'acct_1PMDemoHarbour00004',
  },
  {
    businessName: 'Pixel & Pine Design',
    sellerName: 'Jonas Berg',
    email: 'hello@pixelandpine.example.com',
    phone: '+1 604 555 0178',
    category: 'design',
    description:
      'Brand identity and print-ready artwork. Logos, packaging dielines and social kits, delivered with press-ready PDFs and colour profiles your printer will love.',
    products: 'Logo design, brand guidelines, print-ready artwork',
    pricing: 'Logo packages from $350; artwork fixes $45 per hour',
    location: 'Vancouver, BC, Canada',
    website: 'pixelandpine.example.com',
    ratings: [5, 4],
  },
  {
    businessName: 'Merch Foundry',
    sellerName: 'Alicia Gomez',
    email: 'orders@merchfoundry.example.com',
    phone: '+1 512 555 0110',
    category: 'merchandise',
    description:
      'Custom mugs, tote bags, enamel pins and stickers for bands, creators and small brands. Low minimums and mock-ups within one business day.',
    products: 'Mugs, tote bags, enamel pins, die-cut stickers',
    pricing: 'Stickers from $0.40 each; mugs from $9 each (min. 12)',
    location: 'Austin, TX, USA',
    website: 'https://merchfoundry.example.com',
    ratings: [4, 4, 5],
  },
  {
    businessName: 'BoxCraft Packaging',
    sellerName: 'Samuel Okafor',
    email: 'sam@boxcraft.example.com',
    phone: '+1 416 555 0193',
    category: 'packaging',
    description:
      'Printed mailer boxes, product labels and tissue paper for e-commerce brands. Eco inks, recycled board and short runs from 50 units.',
    products: 'Mailer boxes, product labels, branded tissue paper',
    pricing: 'Mailer boxes from $2.10 each; labels from $0.05 each',
    location: 'Toronto, ON, Canada',
    website: null,
    ratings: [],
  },
  {
    businessName: 'Threadline Apparel',
    sellerName: 'Priya Nair',
    email: 'studio@threadline.example.com',
    phone: '+1 312 555 0127',
    category: 'textiles',
    description:
      'Screen printing and embroidery on organic cotton tees, hoodies and caps. Team uniforms, event shirts and merch drops with water-based inks.',
    products: 'Screen-printed tees, embroidered caps, hoodies',
    pricing: 'Tees from $11 each (min. 24); embroidery from $6 per piece',
    location: 'Chicago, IL, USA',
    website: 'https://threadline.example.com',
    ratings: [5, 5, 5, 4, 5],
  },
  {
    businessName: 'Beacon Signs & Banners',
    sellerName: 'Luc Tremblay',
    email: 'luc@beaconsigns.example.com',
    phone: '+1 514 555 0161',
    category: 'signage',
    description:
      'Vinyl banners, retractable stands, window graphics and storefront signs. Weatherproof materials and installation around Montreal.',
    products: 'Vinyl banners, roll-up stands, window decals, shop signs',
    pricing: 'Banners from $6 per sq ft; roll-up stands from $149',
    location: 'Montreal, QC, Canada',
    website: 'https://beaconsigns.example.com',
    ratings: [4],
  },
  {
    businessName: 'Giveaway Goods Co.',
    sellerName: 'Hannah Lee',
    email: 'hannah@giveawaygoods.example.com',
    phone: '+1 206 555 0185',
    category: 'promotional',
    description: 'Branded pens, lanyards, water bottles and conference swag. We source, print and ship to your event venue with tracking.',
    products: 'Pens, lanyards, water bottles, conference kits',
    pricing: 'Pens from $0.65 each (min. 250); bottles from $7 each',
    location: 'Seattle, WA, USA',
    website: 'https://giveawaygoods.example.com',
    ratings: [3, 4],
  },
  {
    businessName: 'Letterpress & Co.',
    sellerName: 'Oliver Grant',
    email: 'oliver@letterpressco.example.com',
    phone: '+1 613 555 0139',
    category: 'other',
    description:
      'Wedding invitations, hand-bound notebooks and small-batch letterpress art prints, made slowly on a 1920s Heidelberg platen press.',
    products: 'Letterpress invitations, notebooks, art prints',
    pricing: 'Invitations from $4.50 each; art prints from $40',
    location: 'Ottawa, ON, Canada',
    website: 'https://letterpressco.example.com',
    ratings: [5],
  },
];

/**
 * An approved print provider on the Stripe emulator's first demo account. The second active demo account
 * (acct_1PMDemoMapleInk0002) is left free on purpose, so the provider application can be tried end to end.
 */
export interface SeedProvider {
  name: string;
  stripeAccountId: string;
  email: string;
  /** Its approved application: the public profile the Print Providers page shows. */
  application: {
    contactName: string;
    phone: string;
    businessAddress: string;
    website: string;
    yearsInBusiness: string;
    serviceArea: string;
    printCapabilities: string;
    turnaroundTime: string;
    portfolioDescription: string;
  };
}

export const SEED_PROVIDERS: ReadonlyArray<SeedProvider> = [
  {
    name: 'Demo Print Co.',
    stripeAccountId: 'acct_1PMDemoPrintCo00001',
    email: 'payouts@demoprint.example.com',
    application: {
      contactName: 'Dana Reyes',
      phone: '(416) 555-0188',
      businessAddress: '120 Spadina Avenue, Toronto, ON M5V 2K4',
      website: 'demoprint.example.com',
      yearsInBusiness: '6-10',
      serviceArea: 'Toronto, ON · ships across Canada and the US',
      printCapabilities: 'Offset and digital printing, large format, business cards, flyers, posters, packaging',
      turnaroundTime: '2-4 business days',
      portfolioDescription:
        'Full-service print shop for businesses and makers: short digital runs, long offset runs and large-format banners, with proofs before every job.',
    },
  },
];
