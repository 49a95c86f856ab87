import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { type Mock, expect, vi } from 'vitest';
import type { CardFormPayment } from '@/lib/card-form-payment';
import { describedText } from './screen-text';
import { findToast } from './toasts';

/**
 * A card payment for a form under test: ready, with a stand-in for the hosted card fields and a
 * `pay` that succeeds unless `overrides` says otherwise.
 */
export function stubCardPayment<Request>(overrides: Partial<CardFormPayment<Request>> = {}) {
  const pay: Mock<CardFormPayment<Request>['pay']> = vi.fn(() => Promise.resolve({ status: 'succeeded' }));
  const payment: CardFormPayment<Request> = {
    ready: true,
    loadingLabel: null,
    fields: <div data-testid="card-fields" />,
    pay,
    ...overrides,
  };
  return { payment, pay: payment.pay as Mock<CardFormPayment<Request>['pay']> };
}

/** The messages of a payer's empty required fields, in the forms' order. */
export const PAYER_FIELD_ERRORS = [
  'First name is required',
  'Last name is required',
  'Please enter a valid email address',
  'Please enter a valid phone number',
];

export type Payer = { firstName: string; lastName: string; email: string; phone?: string };

/** Types the payer's details into a form's name, e-mail and (when given) phone fields. */
export async function fillPayer(user: UserEvent, { firstName, lastName, email, phone }: Payer): Promise<void> {
  await user.type(await screen.findByRole('textbox', { name: /^First name/ }), firstName);
  await user.type(screen.getByRole('textbox', { name: /^Last name/ }), lastName);
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), email);
  if (phone) await user.type(screen.getByRole('textbox', { name: /^Phone/ }), phone);
}

/** Submits the form as it stands and returns the messages it announces, in order. */
export async function submitForErrors(user: UserEvent, submit: () => HTMLElement): Promise<string[]> {
  await user.click(submit());
  return (await screen.findAllByRole('alert')).map((alert) => alert.textContent ?? '');
}

/** Types a phone number too short to dial, submits, and checks the phone field says so. */
export async function expectShortPhoneRefused(user: UserEvent, submit: () => HTMLElement): Promise<void> {
  const phone = screen.getByRole('textbox', { name: /^Phone/ });
  await user.type(phone, '555-0101');
  await user.click(submit());
  await waitFor(() => expect(describedText(phone)).toBe('Please enter a valid phone number'));
  expect(phone.getAttribute('aria-invalid')).toBe('true');
}

/** Checks the toast a card form shows when submitted before its card fields are ready, and that nothing was paid. */
export async function expectPaymentNotReady(pay: Mock): Promise<void> {
  expect(await findToast('Payment System Not Ready')).toContain(
    'Payment system is loading. Please wait a moment and try again.',
  );
  expect(pay).not.toHaveBeenCalled();
}

/**
 * A `pay` that stays pending until the test calls `finish`, so the form can be watched while it
 * pays.
 */
export function pendingPay<Pay extends (...args: never[]) => Promise<unknown>>() {
  let settle: (value: unknown) => void = () => {};
  const pay = vi.fn<Pay>((() => new Promise((resolve) => (settle = resolve))) as Pay);
  return { pay, finish: (value: unknown) => settle(value) };
}

/** Submits a busy form again, by its button and by the form itself, and lets the attempt run its course. */
export async function submitAgain(user: UserEvent, submit: () => HTMLElement, formName: string): Promise<void> {
  await user.click(submit());
  fireEvent.submit(screen.getByRole('form', { name: formName }));
  await new Promise((resolve) => setTimeout(resolve, 20));
}
