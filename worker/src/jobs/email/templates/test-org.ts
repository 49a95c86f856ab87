import type { Org } from './layout';

/** The organisation the e-mail tests send as: values like a real deployment's. */
export const TEST_ORG: Org = {
  name: 'Patriot Pillars',
  legalName: 'Patriot Pillars Foundation, Inc.',
  ein: '12-3456789',
  publicUrl: 'https://pillars.example.org',
  contactEmail: 'hello@patriotpillars.org',
  contactPhone: '(555) 010-1776',
  contactAddress: '1 Liberty Way, Philadelphia, PA 19106',
};
