export * from './register-buyer.dto.js';
export * from './auth.dto.js';
export * from './catalog/index.js';
export * from './requests/index.js';
export * from './transforms.js';
export * from './validate.js';
export * from './payments/index.js';
