export * from './seller-categories.js';
export * from './register-seller.dto.js';
export * from './update-seller.dto.js';
export * from './provider-application.dto.js';
export * from './validate-stripe-account.dto.js';
export * from './seller-edit-link.dto.js';
export * from './seller-payout.js';
