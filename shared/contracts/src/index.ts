// Browser-safe contracts: zod schemas, their inferred types and the texts shared with the server.
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
export * from './display';
export * from './slugs';
export * from './media';
export * from './pillars';
