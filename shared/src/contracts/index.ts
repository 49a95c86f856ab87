// Browser-safe contracts: zod schemas and their inferred types, and the pure pricing rules below.
// Imported by the web app, so this subtree must never import Node built-ins or `db`.
export * from './common';
export * from './errors';
export * from './news';
export * from './events';
export * from './donations';
export * from './memberships';
export * from './payments';
export * from './auth';
export * from './public-config';
export * from './payments-api';
export * from './payment-reference';
export * from './payment-requests';
export * from './manage';
// Prices and fees live with the rest of the money rules; the browser's displays reach them here.
export * from '../money/pricing';
// What a record stands at and its state's words, one rule for the server and the browser (050).
export * from '../money/standing';
export * from './slugs';
export * from './media';
export * from './pillars';
