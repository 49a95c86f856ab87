export * from './definitions';
export * from './backend';
export * from './outbox';
export * from './email-queue';
