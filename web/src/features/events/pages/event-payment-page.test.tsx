import type { EventDetail, RegistrationSummaryResponse } from '@pillars/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { renderWithProviders } from '@/test/render-with-providers';
import { json, pending, stubFetch } from '@/test/stub-fetch';
import type { EventCardPayment } from '../event-payment';
import { payerHandoff, rememberPayer } from '../payer-handoff';
import { EventPaymentPage } from './event-payment-page';
import { expectH1, paragraphs } from '@/test/screen-text';
import { findToast } from '@/test/toasts';
import {
  expectPaymentNotReady,
  fillPayer,
  PAYER_FIELD_ERRORS,
  pendingPay,
  stubCardPayment,
  submitAgain,
  submitForErrors,
} from '@/test/payer-form';

const event: EventDetail = {
  id: '9c8b7a65-4d3e-4f21-8a0b-1c2d3e4f5a6b',
  slug: 'seven-pillars-leadership-summit',
  title: 'Seven Pillars Leadership Summit',
  startDate: '2026-03-14T22:00:00.000Z',
  endDate: '2026-03-15T00:00:00.000Z',
  location: 'Independence Hall, Philadelphia',
  description: 'A day of talks.',
  imageUrl: null,
  requiresPayment: true,
  price: 0,
  pricingTiers: [
    { id: 'general', name: 'General Admission', price: 4500, description: 'All talks', benefits: [] },
    { id: 'vip', name: 'VIP', price: 12500, description: 'Everything', benefits: ['Dinner'] },
  ],
};

const registrationId = '7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2918';
const abigail = { firstName: 'Abigail', lastName: 'Adams', email: 'abigail@example.org', phone: '555-010-1776' };

const registration: RegistrationSummaryResponse = {
  success: true,
  data: {
    id: registrationId,
    eventId: event.id,
    status: 'pending',
    selectedTier: 'vip',
    paymentAmount: 12500,
    createdAt: '2026-02-01T15:00:00.000Z',
    event: {
      slug: event.slug,
      title: event.title,
      startDate: event.startDate,
      endDate: event.endDate,
      location: event.location,
      requiresPayment: true,
    },
  },
};

const eventPath = `/api/events/${event.slug}`;
const registrationPath = `/api/event-registrations/${registrationId}`;
const pagePath = `/events/${event.slug}/payment/${registrationId}`;
const successPath = '/success?type=event&amount=125.00&event=Seven%20Pillars%20Leadership%20Summit';

function renderPage(overrides: Partial<EventCardPayment> = {}) {
  const { payment, pay } = stubCardPayment(overrides);
  const user = userEvent.setup();
  const result = renderWithProviders(
    <Switch>
      <Route path="/events/:slug/payment/:registrationId">
        <EventPaymentPage payment={payment} />
      </Route>
      <Route path="/events/:slug">
        <p>Event page</p>
      </Route>
    </Switch>,
    { path: pagePath },
  );
  return { ...result, user, pay };
}

/** The payer's details, typed as in a browser that did not register (nothing handed over). */
const fillContact = (user: UserEvent) =>
  fillPayer(user, { firstName: 'Abigail', lastName: 'Adams', email: 'abigail@example.org', phone: '555-010-1776' });

const payButton = () => screen.getByRole('button', { name: /^(Pay|Processing)/ });

/** The registration summary's rows: label and value. */
const summaryRows = () =>
  within(screen.getByRole('region', { name: 'Registration Summary' }))
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('EventPaymentPage', () => {
  it('announces loading while the event and registration are on their way', () => {
    stubFetch({ [eventPath]: pending, [registrationPath]: pending });
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Loading your registration…');
  });

  it('redirects to the event page when the event does not require payment', async () => {
    stubFetch({ [eventPath]: json({ ...event, requiresPayment: false }), [registrationPath]: pending });
    const { container, location } = renderPage();
    await waitFor(() => expect(container.textContent).toContain('Event page'));
    expect(location.history).toEqual([`/events/${event.slug}`]);
  });

  it.each([
    ['the registration is missing', { [eventPath]: json(event) }],
    ['the event is missing', { [registrationPath]: json(registration) }],
    [
      'the registration belongs to another event',
      {
        [eventPath]: json(event),
        [registrationPath]: json({
          ...registration,
          data: { ...registration.data, eventId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' },
        }),
      },
    ],
  ])('shows "Event Not Found" when %s', async (_, routes) => {
    stubFetch(routes);
    renderPage();
    await expectH1('Event Not Found');
    expect(paragraphs()).toContain("We couldn't find the event or registration you're looking for.");
    expect(screen.getByRole('link', { name: 'Back to Events' }).getAttribute('href')).toBe('/events');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('prefills the name, e-mail and phone handed over by the registration form, and names the registrant', async () => {
    window.history.replaceState(payerHandoff(abigail), '');
    try {
      stubFetch({ [eventPath]: json(event), [registrationPath]: json(registration) });
      renderPage();
      expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveProperty('value', 'abigail@example.org');
      expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveProperty('value', '555-010-1776');
      expect(screen.getByRole('textbox', { name: 'First name' })).toHaveProperty('value', 'Abigail');
      expect(summaryRows()).toContainEqual(['Registrant', 'Abigail Adams']);
    } finally {
      window.history.replaceState(null, '');
    }
  });

  it('prefills them from this session after a reload without the history state', async () => {
    rememberPayer(registrationId, abigail);
    try {
      stubFetch({ [eventPath]: json(event), [registrationPath]: json(registration) });
      renderPage();
      expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveProperty('value', 'abigail@example.org');
      expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveProperty('value', '555-010-1776');
    } finally {
      window.sessionStorage.clear();
    }
  });

  it('forgets the stored payer once the registration is paid', async () => {
    rememberPayer(registrationId, abigail);
    try {
      stubFetch({ [eventPath]: json(event), [registrationPath]: json(registration) });
      const { user, location } = renderPage();
      await screen.findByRole('textbox', { name: 'Email' });
      await user.click(payButton());
      await waitFor(() => expect(location.history.at(-1)).toBe(successPath));
      expect(window.sessionStorage.length).toBe(0);
    } finally {
      window.sessionStorage.clear();
    }
  });

  it.each([
    ['paid', 'Registration Already Paid', 'This registration has already been paid. There is nothing more to pay.'],
    ['confirmed', 'Registration Confirmed', 'This registration has been confirmed. There is nothing to pay.'],
    ['attended', 'Registration Confirmed', 'This registration has been confirmed. There is nothing to pay.'],
    ['cancelled', 'Payment Not Available', 'This registration is not awaiting payment, so it cannot be paid here.'],
  ])('offers no card form for a %s registration and says why', async (status, heading, sentence) => {
    stubFetch({
      [eventPath]: json(event),
      [registrationPath]: json({ ...registration, data: { ...registration.data, status } }),
    });
    const { pay } = renderPage();

    const title = await screen.findByRole('heading', { level: 2, name: heading });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(screen.getByRole('status').textContent).toBe(sentence);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.queryByTestId('card-fields')).toBeNull();
    const section = screen.getByRole('region', { name: heading });
    expect(within(section).getByRole('link', { name: 'Back to Event' }).getAttribute('href')).toBe(
      `/events/${event.slug}`,
    );
    expect(summaryRows()).toContainEqual(['Registration Fee', '$125.00']);
    expect(pay).not.toHaveBeenCalled();
  });

  it.each(['pending', 'cancelled'])(
    'says a %s registration whose reservation expired must register again',
    async (status) => {
      stubFetch({
        [eventPath]: json(event),
        [registrationPath]: json({ ...registration, data: { ...registration.data, status, reservationExpired: true } }),
      });
      const { pay } = renderPage();
      const title = await screen.findByRole('heading', { level: 2, name: 'Reservation Expired' });
      await waitFor(() => expect(document.activeElement).toBe(title));
      expect(screen.getByRole('status').textContent).toBe('Your reservation expired; please register again.');
      expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
      const section = screen.getByRole('region', { name: 'Reservation Expired' });
      expect(within(section).getByRole('link', { name: 'Back to Event' }).getAttribute('href')).toBe(
        `/events/${event.slug}`,
      );
      expect(pay).not.toHaveBeenCalled();
    },
  );

  it('shows the summary and the server-computed fee, naming the registrant only from this browser', async () => {
    stubFetch({ [eventPath]: json(event), [registrationPath]: json(registration) });
    renderPage();

    await expectH1('Complete Your Registration');
    // Nothing was handed over and the server names no one: no Registrant row, blank fields.
    expect(summaryRows()).toEqual([
      ['Event', 'Seven Pillars Leadership Summit'],
      ['Date', 'Saturday, March 14, 2026'],
      ['Time', '6:00 PM – 8:00 PM ET'],
      ['Location', 'Independence Hall, Philadelphia'],
      ['Ticket type', 'VIP'],
      ['Registration Fee', '$125.00'],
    ]);

    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveProperty('value', '');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveProperty('value', '');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveProperty('value', '');
    expect(screen.queryAllByTestId('card-fields')).toHaveLength(1);
    expect(payButton().textContent).toBe('Pay $125.00');
    expect(screen.getByRole('link', { name: 'Back to Event' }).getAttribute('href')).toBe(`/events/${event.slug}`);
  });

  it('shows the spec validation messages', async () => {
    stubFetch({ [eventPath]: json(event), [registrationPath]: json(registration) });
    const { user, pay } = renderPage();
    await screen.findByRole('textbox', { name: 'First name' });
    expect(await submitForErrors(user, payButton)).toEqual(PAYER_FIELD_ERRORS);
    expect(pay).not.toHaveBeenCalled();
  });

  it('toasts "Payment System Not Ready" while the card fields are not ready', async () => {
    stubFetch({ [eventPath]: json(event), [registrationPath]: json(registration) });
    const { user, pay } = renderPage({ ready: false });
    await fillContact(user);
    await user.click(payButton());
    await expectPaymentNotReady(pay);
  });

  it('reads "Processing Payment..." while paying, ignores a second submit, then goes to /success', async () => {
    stubFetch({ [eventPath]: json(event), [registrationPath]: json(registration) });
    const { pay, finish } = pendingPay<EventCardPayment['pay']>();
    const { user, location } = renderPage({ pay });
    await fillContact(user);
    await user.click(payButton());

    await waitFor(() => expect(payButton().textContent).toBe('Processing Payment...'));
    expect(pay).toHaveBeenCalledTimes(1);
    expect(pay.mock.calls[0]?.[0]).toEqual({
      registrationId,
      eventId: event.id,
      amountCents: 12500,
      values: { firstName: 'Abigail', lastName: 'Adams', email: 'abigail@example.org', phone: '555-010-1776' },
    });

    await submitAgain(user, payButton, 'Event payment form');
    expect(pay).toHaveBeenCalledTimes(1);

    finish({ status: 'succeeded' });
    await waitFor(() => expect(location.history.at(-1)).toBe(successPath));
  });

  it('toasts "Payment Failed" with the message, or the fallback, and stays on the page', async () => {
    stubFetch({ [eventPath]: json(event), [registrationPath]: json(registration) });
    const pay = vi
      .fn<EventCardPayment['pay']>()
      .mockRejectedValueOnce(new Error('Your card was declined.'))
      .mockRejectedValueOnce(new Error(''));
    const { user, location } = renderPage({ pay });
    await fillContact(user);
    await user.click(payButton());

    expect(await findToast('Payment Failed')).toContain('Your card was declined.');
    await waitFor(() => expect(payButton().textContent).toBe('Pay $125.00'));

    await user.click(payButton());
    await waitFor(async () =>
      expect(await findToast('Payment Failed')).toContain(
        "We couldn't process your payment. Please check your information and try again.",
      ),
    );
    expect(pay).toHaveBeenCalledTimes(2);
    expect(location.history).toEqual([pagePath]);
  });
});
