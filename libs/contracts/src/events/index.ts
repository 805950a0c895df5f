export * from './wire.js';
export * from './event-map.js';
export * from './onboarding.events.js';
export * from './catalog.events.js';
export * from './requests.events.js';
export * from './orders.events.js';
export * from './subscriptions.js';
