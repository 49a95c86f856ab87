// The money rules the browser shares with the server: prices and fees (pricing.ts) and what a
// record stands at (standing.ts). Pure: no database, no Node built-ins, so the web app may import
// this entry and nothing else of @pillars/money (eslint.config.js and the web build enforce it).
export * from './pricing';
export * from './standing';
