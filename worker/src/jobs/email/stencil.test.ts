import { type FunctionComponent, type ReactElement, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { createEmailRenderer, renderInFull } from './stencil';
import { ChargeFailedEmail } from './templates/charge-failed';
import { DisputeOpenedEmail } from './templates/dispute-opened';
import { EventCancelledEmail } from './templates/event-cancelled';
import { ManageLinkEmail } from './templates/manage-link';
import { MembershipInterestNoticeEmail, MembershipInterestReceivedEmail } from './templates/membership-interest';
import { MembershipWelcomeEmail } from './templates/membership-welcome';
import { PasswordResetEmail } from './templates/password-reset';
import { PlanCancelledEmail } from './templates/plan-cancelled';
import { type Purpose, ReceiptEmail } from './templates/receipt';
import { RefundReceiptEmail } from './templates/refund-receipt';
import { RegistrationConfirmationEmail } from './templates/registration-confirmation';
import { TEST_ORG as org } from './templates/test-org';

/** Values a template must escape, and equal values in two props (a link whose text is its address). */
const awkward = `O'Brien & <Sons> "Ltd"`;
const url = 'https://pillars.example.org/manage/t0k3n?a=1&b=2';

const receipt = {
  org,
  goodsStatement: 'No goods or services were provided in exchange for this contribution.',
  payerName: awkward,
  receiptNumber: 'PP-2026-000042',
  amount: '$25.00',
  date: 'November 24, 2026',
  lastFour: '4242',
  purpose: { kind: 'contribution' } as Purpose,
  instalment: null,
  manageUrl: url,
};
const registration = {
  org,
  firstName: awkward,
  eventTitle: 'Constitution Day <Picnic>',
  day: 'Thursday, September 17, 2026',
  hours: '6:00 PM – 8:00 PM (New York time)',
  location: 'Independence Hall & Lawn',
};
const interest = {
  org,
  firstName: 'Ada',
  lastName: awkward,
  email: 'ada@example.org',
  phone: null,
  message: 'Line one\nline two  with   spaces',
  receivedOn: 'November 24, 2026',
};

/** An e-mail's element, its props checked against its template's. */
const email = <P extends object>(template: FunctionComponent<P>, props: P): ReactElement =>
  createElement(template, props);

/** Each template with props that take each of its branches. */
const CASES: [string, ReactElement][] = [
  ['a contribution receipt', email(ReceiptEmail, receipt)],
  [
    'a receipt without the card digits',
    email(ReceiptEmail, { ...receipt, lastFour: null, receiptNumber: 'PP-2026-000043' }),
  ],
  [
    'a monthly gift’s receipt',
    email(ReceiptEmail, { ...receipt, instalment: { nextChargeDate: 'December 24, 2026' }, payerName: 'Grace Hopper' }),
  ],
  [
    'a membership receipt',
    email(ReceiptEmail, { ...receipt, purpose: { kind: 'membership' }, instalment: { nextChargeDate: null } }),
  ],
  [
    'an event fee receipt',
    email(ReceiptEmail, { ...receipt, purpose: { kind: 'event', eventTitle: 'Founders’ Dinner' } }),
  ],
  [
    'a failed membership instalment',
    email(ChargeFailedEmail, {
      org,
      payerName: awkward,
      plan: 'membership',
      amount: '$25.00',
      date: 'May 1, 2026',
      graceDays: 14,
      manageUrl: url,
    }),
  ],
  [
    'a failed monthly gift',
    email(ChargeFailedEmail, {
      org,
      payerName: 'Ada',
      plan: 'monthly gift',
      amount: '$1,000.00',
      date: 'May 1, 2026',
      graceDays: 7,
      manageUrl: url,
    }),
  ],
  [
    'a dispute',
    email(DisputeOpenedEmail, {
      org,
      what: 'Contribution',
      payerName: awkward,
      reference: 'PP-7F3A',
      disputedAmount: '$25.00',
      chargeAmount: '$25.00',
      status: 'Needs response',
      reason: 'Fraudulent',
      disputedOn: 'November 20, 2026',
      evidenceDueOn: null,
      adminUrl: 'https://pillars.example.org/admin/contributors',
    }),
  ],
  ['a cancelled free event', email(EventCancelledEmail, { ...registration, paidCents: null, refundCents: null })],
  [
    'a cancelled paid event, refunded',
    email(EventCancelledEmail, { ...registration, paidCents: 4500, refundCents: 4500 }),
  ],
  ['a manage link', email(ManageLinkEmail, { org, manageUrl: url, ttlHours: 72 })],
  [
    'an interest received',
    email(MembershipInterestReceivedEmail, { ...interest, joinUrl: 'https://pillars.example.org/join' }),
  ],
  [
    'an interest noticed',
    email(MembershipInterestNoticeEmail, {
      ...interest,
      phone: '555 0100',
      adminUrl: 'https://pillars.example.org/admin',
    }),
  ],
  [
    'a membership welcome',
    email(MembershipWelcomeEmail, {
      org,
      firstName: awkward,
      monthly: '$25.00',
      nextChargeDate: 'December 24, 2026',
      manageUrl: url,
    }),
  ],
  ['a password reset', email(PasswordResetEmail, { org, username: 'admin', link: url })],
  [
    'a plan ended by the donor',
    email(PlanCancelledEmail, { org, payerName: awkward, plan: 'monthly gift', endedOn: 'May 15, 2026', reason: null }),
  ],
  [
    'a membership ended for non-payment',
    email(PlanCancelledEmail, {
      org,
      payerName: 'Ada',
      plan: 'membership',
      endedOn: 'May 15, 2026',
      reason: 'Payment failed',
    }),
  ],
  [
    'a refund',
    email(RefundReceiptEmail, {
      org,
      payerName: awkward,
      receiptNumber: 'PP-2026-000042',
      refundedCents: 1000,
      refundDate: 'November 25, 2026',
      charge: { date: 'November 24, 2026', amountCents: 2500 },
      refundedSoFarCents: 1000,
      remainingCents: 1500,
      state: 'Partly refunded',
      voided: false,
    }),
  ],
  [
    'a registration confirmed with a fee',
    email(RegistrationConfirmationEmail, {
      ...registration,
      tier: 'Member',
      paidCents: 4500,
      eventUrl: 'https://pillars.example.org/events/picnic',
    }),
  ],
  [
    'a free registration',
    email(RegistrationConfirmationEmail, {
      ...registration,
      tier: null,
      paidCents: null,
      eventUrl: 'https://pillars.example.org/events/picnic',
    }),
  ],
];

describe('e-mails rendered once per shape, then filled in', () => {
  it.each(CASES)('%s is the same, byte for byte, as rendering it in full', async (_, element) => {
    const renderEmail = createEmailRenderer();
    const full = await renderInFull(element);
    // Twice: the first renders the shape, the second fills in the one kept.
    expect(await renderEmail(element)).toEqual(full);
    expect(await renderEmail(element)).toEqual(full);
  });

  it('fills a kept shape with another e-mail’s values, escaped', async () => {
    const renderEmail = createEmailRenderer();
    await renderEmail(email(ReceiptEmail, receipt));
    const other = createElement(ReceiptEmail, {
      ...receipt,
      payerName: 'Tom <b>& Jerry',
      amount: '$1,000.00',
    } as never);
    const filled = await renderEmail(other);
    expect(filled).toEqual(await renderInFull(other));
    expect(filled.html).toContain('Tom &lt;b&gt;&amp; Jerry</h1>');
    expect(filled.text).toContain('Thank you, Tom <b>& Jerry');
  });

  it('renders in full a template that uses a value in a way a token cannot stand for', async () => {
    const Shouting = ({ name }: { name: string }) => createElement('p', null, name.toUpperCase());
    const renderEmail = createEmailRenderer();
    const element = createElement(Shouting, { name: 'ada' });
    expect((await renderEmail(element)).html).toContain('<p>ADA</p>');
    expect((await renderEmail(createElement(Shouting, { name: 'grace' }))).html).toContain('<p>GRACE</p>');
  });
});
