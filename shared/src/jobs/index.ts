export * from './definitions';
export * from './backend';
export * from './outbox';
