export * from './users';
export * from './content';
export * from './records';
export * from './payments';
export * from './outbox';
export * from './audit-log';
export * from './idempotency-keys';
export * from './refunds';
