export * from './users';
export * from './content';
export * from './records';
export * from './payments';
