import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { findNotifications, findToast } from '@/test/toasts';
import type { MembershipCardPayment } from '../membership-payment';
import { MembershipPage } from './membership-page';
import { paragraphs } from '@/test/screen-text';
import {
  expectPaymentNotReady,
  expectShortPhoneRefused,
  fillPayer,
  PAYER_FIELD_ERRORS,
  pendingPay,
  stubCardPayment,
  submitAgain,
  submitForErrors,
} from '@/test/payer-form';

const config = {
  orgName: 'Liberty Test Society',
  contactEmail: 'members@liberty.test',
  contactPhone: '(555) 010-1776',
};

function renderPage(overrides: Partial<MembershipCardPayment> = {}) {
  const { payment, pay } = stubCardPayment(overrides);
  const user = userEvent.setup();
  return { ...renderWithProviders(<MembershipPage payment={payment} />, { path: '/membership', config }), user, pay };
}

const fillDetails = (user: UserEvent) =>
  fillPayer(user, { firstName: 'Martha', lastName: 'Washington', email: 'martha@example.org' });

/** Opens the waiver, "scrolls" to its end (happy-dom has no layout) and accepts it. */
async function acceptWaiver(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Read and Accept Waiver' }));
  const box = screen.getByRole('region', { name: 'Liability waiver agreement text' });
  Object.defineProperty(box, 'scrollHeight', { configurable: true, value: 2400 });
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: 450 });
  Object.defineProperty(box, 'scrollTop', { configurable: true, writable: true, value: 1950 });
  fireEvent.scroll(box);
  await user.click(screen.getByRole('button', { name: 'Accept Waiver' }));
  expect(waiverStatus()).toBe('Liability waiver accepted');
}

/** The first line of the waiver section: its explanation, or that the waiver was accepted. */
const waiverStatus = () => paragraphs(screen.getByRole('group', { name: /Liability Waiver/ }))[0];

const submitButton = () => screen.getByRole('button', { name: /^(Join|Processing)/ });

describe('MembershipPage', () => {
  it('shows the hero with the price, three benefits, the form, terms and the secure notice', async () => {
    renderPage();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Become a Member']);
    expect(screen.getByText('per month').previousElementSibling?.textContent).toBe('$25.00');
    const benefits = screen.getByRole('region', { name: 'Member Benefits' });
    expect(
      within(benefits)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['A Community of Patriots', 'Premium Content', 'Impact and Action']);
    expect(within(screen.getByRole('form', { name: 'Membership form' })).queryAllByTestId('card-fields')).toHaveLength(
      1,
    );
    expect(screen.getByRole('radio', { name: 'Credit or debit card' })).toHaveProperty('checked', true);
    expect(submitButton().textContent).toBe('Join Liberty Test Society - $25/month');

    const terms = screen.getByRole('heading', { name: 'Membership terms' }).parentElement?.textContent ?? '';
    expect(terms).toContain('recurring charge of $25.00');
    expect(terms).toContain('cancel anytime');
    expect(screen.getByRole('link', { name: 'members@liberty.test' }).getAttribute('href')).toBe(
      'mailto:members@liberty.test',
    );
    expect(screen.getByRole('link', { name: '(555) 010-1776' }).getAttribute('href')).toBe('tel:5550101776');
    expect(paragraphs().join(' ')).toMatch(/Secure payment/);
    await waitFor(() => expect(document.title).toBe('Become a Member | Liberty Test Society'));
  });

  it('shows the spec validation messages and the waiver error; nothing is paid', async () => {
    const { user, pay } = renderPage();
    expect(await submitForErrors(user, submitButton)).toEqual([
      ...PAYER_FIELD_ERRORS.slice(0, 3),
      'You must read and accept the liability waiver to proceed',
    ]);
    const firstName = screen.getByRole('textbox', { name: /^First name/ });
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(firstName));
    expect(await findToast('Waiver Required')).toContain(
      'You must read and accept the liability waiver before proceeding with payment.',
    );

    // Phone is optional, but checked when given.
    await expectShortPhoneRefused(user, submitButton);
    expect(pay).not.toHaveBeenCalled();
  });

  it('toasts "Waiver Required" and shows the error in the waiver section when only the waiver is missing', async () => {
    const { user, pay } = renderPage();
    await fillDetails(user);
    await user.click(submitButton());

    expect(await findToast('Waiver Required')).toContain(
      'You must read and accept the liability waiver before proceeding with payment.',
    );
    const waiver = screen.getByRole('group', { name: /Liability Waiver/ });
    expect(within(waiver).getByRole('alert').textContent).toBe(
      'You must read and accept the liability waiver to proceed',
    );
    const openWaiver = within(waiver).getByRole('button', { name: 'Read and Accept Waiver' });
    await waitFor(() => expect(document.activeElement).toBe(openWaiver));
    expect(pay).not.toHaveBeenCalled();

    // Accepting clears the error.
    await acceptWaiver(user);
    await waitFor(() => expect(within(waiver).queryByRole('alert')).toBeNull());
  });

  it('toasts "Payment System Not Ready" while the card fields are not ready', async () => {
    const { user, pay } = renderPage({ ready: false });
    await fillDetails(user);
    await acceptWaiver(user);
    await user.click(submitButton());
    await expectPaymentNotReady(pay);
  });

  it('pays with the values, reads "Processing Membership..." meanwhile, ignores a second submit, then goes to /success', async () => {
    const { pay, finish } = pendingPay<MembershipCardPayment['pay']>();
    const { user, location } = renderPage({ pay });
    await fillDetails(user);
    await user.type(screen.getByRole('textbox', { name: 'Phone (optional)' }), '555-010-1776');
    await user.type(screen.getByRole('textbox', { name: 'Why do you want to join? (optional)' }), 'To serve.');
    await acceptWaiver(user);
    await user.click(submitButton());

    await waitFor(() => expect(submitButton().textContent).toBe('Processing Membership...'));
    // The button says so as the submit starts; the payment is handed over once the code it needs
    // has loaded (docs/decisions/038), a moment later.
    await waitFor(() => expect(pay).toHaveBeenCalledTimes(1));
    expect(pay.mock.calls[0]?.[0]).toMatchObject({
      firstName: 'Martha',
      lastName: 'Washington',
      email: 'martha@example.org',
      phone: '555-010-1776',
      message: 'To serve.',
      paymentMethod: 'card',
      waiverAccepted: true,
    });

    await submitAgain(user, submitButton, 'Membership form');
    expect(pay).toHaveBeenCalledTimes(1);

    finish({ status: 'succeeded', paymentId: 'p1', kind: 'membership', nextPaymentDate: '2026-12-24' });
    await waitFor(() => expect(location.history.at(-1)).toBe('/success?type=membership'));
    // The plan's next charge date and the payment's reference ride in the history state, not the URL.
    expect(location.state).toEqual({
      monthlyPlan: { kind: 'membership', nextPaymentDate: '2026-12-24' },
      reference: 'PAY-P1',
    });
  });

  it('on failure toasts "Payment Failed" with the message, or the membership fallback, and keeps the values', async () => {
    const pay = vi
      .fn<MembershipCardPayment['pay']>()
      .mockRejectedValueOnce(new Error('Your card was declined.'))
      .mockRejectedValueOnce(new Error(''));
    const { user, location } = renderPage({ pay });
    await fillDetails(user);
    await acceptWaiver(user);
    await user.click(submitButton());

    expect(await findToast('Payment Failed')).toContain('Your card was declined.');
    await waitFor(() => expect(submitButton().textContent).toBe('Join Liberty Test Society - $25/month'));
    expect(screen.getByRole('textbox', { name: /^First name/ })).toHaveProperty('value', 'Martha');
    expect(waiverStatus()).toBe('Liability waiver accepted');

    await user.click(submitButton());
    const notifications = await findNotifications();
    await waitFor(() =>
      expect(within(notifications).getByRole('listitem').textContent).toContain(
        "We couldn't process your membership payment. Please check your information and try again.",
      ),
    );
    expect(pay).toHaveBeenCalledTimes(2);
    expect(location.history).toEqual(['/membership']);
  });
});
