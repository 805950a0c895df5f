export * from './journal.js';
