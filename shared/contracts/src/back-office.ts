// The back office's contracts: the admin's calls and the dashboard's CSV rule. Apart from the public
// index (./index.ts) so that the public pages' first load never carries them; the admin area loads
// them with its own code. Browser-safe, like the index.
export * from './admin';
export * from './admin-news';
export * from './admin-events';
export * from './contributors-csv';
export * from './time-zone';
export * from './admin-deposits';
export * from './reconciliation';
export * from './record-lists';
