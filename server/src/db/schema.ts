// Every table, one module to import; each area's tables live in their own file beside this one.
export * from './schema-catalogue.js';
export * from './schema-users.js';
export * from './schema-orders.js';
export * from './schema-delivery.js';
export * from './schema-messages.js';
export * from './schema-telegram.js';
export * from './schema-fiscal.js';
export * from './schema-payments.js';
export * from './schema-companies.js';
export * from './schema-instalments.js';
export * from './schema-search.js';
export * from './schema-promotions.js';
export * from './schema-onec.js';
