import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { findNotifications, findToast } from '@/test/toasts';
import { type ContributionPayment, ContributionForm } from './contribution-form';
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

function renderForm(overrides: Partial<ContributionPayment> = {}) {
  const { payment, pay } = stubCardPayment(overrides);
  const user = userEvent.setup();
  return { ...renderWithProviders(<ContributionForm payment={payment} />), user, pay };
}

const fillDetails = (user: UserEvent) =>
  fillPayer(user, { firstName: 'Martha', lastName: 'Washington', email: 'martha@example.org', phone: '555-010-1776' });

const submitButton = () => screen.getByRole('button', { name: /^(Contribute|Processing)/ });
const customAmount = () => screen.getByRole('spinbutton', { name: 'Other amount' });

/** The toast on screen: title and description. */

describe('ContributionForm', () => {
  it('offers the preset amounts, a custom amount, card as the only method and the hosted fields', () => {
    renderForm();
    const group = screen.getByRole('radiogroup', { name: 'Choose an amount' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['17.76', '25', '50', '100']);
    expect(
      ['$17.76', '$25', '$50', '$100'].map((name) => within(group).queryAllByRole('radio', { name }).length),
    ).toEqual([1, 1, 1, 1]);
    expect(customAmount().getAttribute('min')).toBe('1');
    expect(customAmount().getAttribute('step')).toBe('0.01');
    expect(screen.getByRole('radio', { name: 'Credit or debit card' })).toHaveProperty('checked', true);
    expect(screen.getByRole('switch', { name: /Make this a monthly contribution/ })).toHaveProperty('checked', false);
    expect(within(screen.getByRole('form')).queryAllByTestId('card-fields')).toHaveLength(1);
    expect(submitButton().textContent).toBe('Contribute');
  });

  it('shows the spec validation messages on the fields, announced and linked', async () => {
    const { user, pay } = renderForm();
    await user.click(screen.getByRole('radio', { name: '$25' }));
    expect(await submitForErrors(user, submitButton)).toEqual(PAYER_FIELD_ERRORS);
    const firstName = screen.getByRole('textbox', { name: 'First name' });
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(firstName.hasAttribute('required')).toBe(true);
    expect(document.getElementById(firstName.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'First name is required',
    );

    await expectShortPhoneRefused(user, submitButton);
    expect(pay).not.toHaveBeenCalled();
  });

  it('clears the preset when a custom amount is typed, and the custom amount when a preset is chosen', async () => {
    const { user } = renderForm();
    const preset25 = screen.getByRole('radio', { name: '$25' });
    await user.click(preset25);
    expect(preset25).toHaveProperty('checked', true);
    expect(submitButton().textContent).toBe('Contribute $25.00');

    await user.type(customAmount(), '40');
    expect(preset25).toHaveProperty('checked', false);
    expect(submitButton().textContent).toBe('Contribute $40.00');

    await user.click(screen.getByRole('radio', { name: '$17.76' }));
    expect(customAmount()).toHaveProperty('value', '');
    expect(submitButton().textContent).toBe('Contribute $17.76');

    await user.click(screen.getByRole('switch', { name: /monthly/ }));
    expect(submitButton().textContent).toBe('Contribute $17.76 monthly');
  });

  it('toasts "Invalid Amount" without an amount of at least $1.00', async () => {
    const { user, pay } = renderForm();
    await fillDetails(user);
    await user.click(submitButton());
    expect(await findToast('Invalid Amount')).toContain('Please select or enter a donation amount of at least $1.00.');

    await user.type(customAmount(), '0.99');
    await user.click(submitButton());
    const viewport = await findNotifications();
    await waitFor(() => expect(within(viewport).getAllByRole('listitem')).toHaveLength(1));
    expect(pay).not.toHaveBeenCalled();
  });

  it('toasts "Payment System Not Ready" while the card fields are not ready', async () => {
    const { user, pay } = renderForm({ ready: false });
    await fillDetails(user);
    await user.click(screen.getByRole('radio', { name: '$50' }));
    await user.click(submitButton());
    await expectPaymentNotReady(pay);
  });

  it('reads "Processing..." while paying, ignores a second submit, then goes to /success', async () => {
    const { pay, finish } = pendingPay<ContributionPayment['pay']>();
    const { user, location } = renderForm({ pay });
    await fillDetails(user);
    await user.click(screen.getByRole('radio', { name: '$25' }));
    await user.click(submitButton());

    await waitFor(() => expect(submitButton().textContent).toBe('Processing...'));
    expect(pay).toHaveBeenCalledTimes(1);
    expect(pay.mock.calls[0]?.[0]).toMatchObject({
      amountCents: 2500,
      values: { firstName: 'Martha', lastName: 'Washington', isRecurring: false, paymentMethod: 'card' },
    });

    await submitAgain(user, submitButton, 'Contribution form');
    expect(pay).toHaveBeenCalledTimes(1);

    finish({ status: 'succeeded' });
    await waitFor(() => expect(location.history.at(-1)).toBe('/success?type=contribution&amount=25.00'));
  });

  it('on failure toasts "Payment Processing Error" with the message and returns to idle with its values', async () => {
    const pay = vi
      .fn<ContributionPayment['pay']>()
      .mockRejectedValueOnce(new Error('Insufficient funds'))
      .mockRejectedValueOnce(new Error(''));
    const { user, location } = renderForm({ pay });
    await fillDetails(user);
    await user.type(customAmount(), '17.76');
    await user.click(submitButton());

    expect(await findToast('Payment Processing Error')).toContain('Insufficient funds');
    await waitFor(() => expect(submitButton().textContent).toBe('Contribute $17.76'));
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveProperty('value', 'Martha');
    expect(customAmount()).toHaveProperty('value', '17.76');

    await user.click(submitButton());
    const notifications = await findNotifications();
    await waitFor(() =>
      expect(within(notifications).getByRole('listitem').textContent).toContain(
        'There was an error processing your payment. Please try again.',
      ),
    );
    expect(pay).toHaveBeenCalledTimes(2);
    expect(location.history).toEqual(['/']);
  });

  it('submitted empty, shows the amount error on the first preset, focused, announced and linked', async () => {
    const { user, pay } = renderForm();
    await user.click(submitButton());

    const group = screen.getByRole('radiogroup', { name: 'Choose an amount' });
    const first = screen.getByRole('radio', { name: '$17.76' });
    await waitFor(() => expect(document.activeElement).toBe(first));
    const message = 'Please select or enter a donation amount of at least $1.00.';
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts[0]).toBe(message);
    expect(alerts).toContain('First name is required');
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(first.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
    expect(document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
    expect(await findToast('Invalid Amount')).toContain(message);

    // Choosing an amount clears the error (the form checks again on change after a submit).
    await user.click(screen.getByRole('radio', { name: '$50' }));
    await waitFor(() => expect(group.hasAttribute('aria-invalid')).toBe(false));
    expect(screen.queryByText(message, { selector: '[role="alert"]' })).toBeNull();
    expect(pay).not.toHaveBeenCalled();
  });

  it('puts the error of a custom amount under $1.00 on the custom amount, and focuses it', async () => {
    const { user, pay } = renderForm();
    await fillDetails(user);
    await user.type(customAmount(), '0.99');
    await user.click(submitButton());

    await waitFor(() => expect(document.activeElement).toBe(customAmount()));
    expect(customAmount().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(customAmount().getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please select or enter a donation amount of at least $1.00.',
    );
    expect(screen.getByRole('radiogroup').hasAttribute('aria-invalid')).toBe(false);
    expect(pay).not.toHaveBeenCalled();
  });

  it('while the card fields load, the submit button says so and is disabled (still focusable)', () => {
    renderForm({ ready: false, loadingLabel: 'Loading secure card fields…' });
    const button = screen.getByRole('button', { name: 'Loading secure card fields…' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
  });
});
