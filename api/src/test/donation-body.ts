import { randomUUID } from 'node:crypto';

/**
 * A one-time gift of $25.00 by a tokenized card, as the contribution form posts it to
 * POST /api/donations, with a fresh e-mail address each time and any field replaced.
 */
export const donationBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Martha',
  lastName: 'Washington',
  email: `martha+${randomUUID().slice(0, 8)}@example.org`,
  phone: '555-010-1776',
  amount: '25.00',
  paymentMethod: 'card',
  isRecurring: false,
  paymentMethodToken: 'pm_test',
  ...overrides,
});
