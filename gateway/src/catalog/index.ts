import { ProviderReviewController } from './provider-review.controller.js';
import { ProvidersController } from './providers.controller.js';
import { SellersController } from './sellers.controller.js';

/** Every catalog route of the gateway (sellers, print providers, provider applications and their admin review). */
export const CATALOG_CONTROLLERS = [SellersController, ProvidersController, ProviderReviewController];
