import { type EventDetail, eventRegistrationSchema } from '@pillars/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { renderWithProviders } from '@/test/render-with-providers';
import { json, pending, stubFetch } from '@/test/stub-fetch';
import { readPayerHandoff } from '../payer-handoff';
import { EventPage } from './event-page';
import { expectH1, isEnabled } from '@/test/screen-text';
import { findToast } from '@/test/toasts';
import {
  expectShortPhoneRefused,
  fillPayer,
  PAYER_FIELD_ERRORS,
  submitAgain,
  submitForErrors,
} from '@/test/payer-form';

const freeEvent: EventDetail = {
  id: '1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b',
  slug: 'flag-retirement-ceremony',
  title: 'Flag Retirement Ceremony',
  // 22:00 UTC in March after the DST change is 6:00 PM EDT.
  startDate: '2026-03-14T22:00:00.000Z',
  endDate: '2026-03-15T00:00:00.000Z',
  location: 'Veterans Memorial Park',
  description: 'A solemn ceremony for worn flags.\n\nBring a flag to retire.\n  \nRefreshments follow.',
  imageUrl: null,
  requiresPayment: false,
  price: 0,
  pricingTiers: [],
};

const tieredEvent: EventDetail = {
  ...freeEvent,
  id: '9c8b7a65-4d3e-4f21-8a0b-1c2d3e4f5a6b',
  slug: 'seven-pillars-leadership-summit',
  title: 'Seven Pillars Leadership Summit',
  description: 'A day of talks & workshops.',
  imageUrl: '/images/events/summit.svg',
  requiresPayment: true,
  pricingTiers: [
    {
      id: 'general',
      name: 'General Admission',
      price: 4500,
      description: 'All talks and workshops',
      benefits: ['Conference access', 'Lunch'],
    },
    { id: 'vip', name: 'VIP', price: 12500, description: 'The full experience', benefits: ['Reserved seating'] },
  ],
};

const ABIGAIL = { firstName: 'Abigail', lastName: 'Adams', email: 'abigail@example.org', phone: '555-010-1776' };

const registrationId = '7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2918';

function renderPage(event: EventDetail) {
  const user = userEvent.setup();
  const result = renderWithProviders(
    <Route path="/events/:slug">
      <EventPage />
    </Route>,
    { path: `/events/${event.slug}` },
  );
  return { ...result, user };
}

const fillDetails = (user: UserEvent) => fillPayer(user, ABIGAIL);

/** The event's page, its registration accepted by the server, with Abigail's details filled in. */
async function startRegistration(event: EventDetail) {
  const fetchMock = stubFetch({
    [`/api/events/${event.slug}`]: json(event),
    [`/api/events/${event.slug}/register`]: json({ success: true, data: { registrationId } }, 201),
  });
  const page = renderPage(event);
  await fillDetails(page.user);
  return { ...page, fetchMock };
}

const submitButton = () =>
  screen.getByRole('button', { name: /^(Complete Registration|Continue to Payment|Registering)/ });
const notifications = () => screen.getByRole('region', { name: /Notifications/ });

/** The event details card's rows: label and value. */
const detailRows = (details: HTMLElement) =>
  Array.from(details.querySelectorAll('dt'), (term) => [term.textContent, term.nextElementSibling?.textContent]);

/** The POST requests the page sent: path, JSON body and headers. */
function posts(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls
    .map((call) => call as unknown as [string, RequestInit | undefined])
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => ({
      url,
      body: JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as Record<string, unknown>,
      headers: (init?.headers ?? {}) as Record<string, string>,
    }));
}

describe('EventPage', () => {
  it('announces loading while the event is on its way', () => {
    stubFetch({ '/api/events/flag-retirement-ceremony': pending });
    renderPage(freeEvent);
    expect(screen.getByRole('status').textContent).toBe('Loading event…');
  });

  it('shows "Event Not Found" with a link back to the events on a 404', async () => {
    stubFetch({});
    renderPage(freeEvent);
    await expectH1('Event Not Found');
    expect(screen.getByRole('link', { name: 'Back to Events' }).getAttribute('href')).toBe('/#events');
    expect(screen.queryByRole('form')).toBeNull();
    await waitFor(() => expect(document.title).toMatch(/^Event Not Found \| /));
  });

  it('shows a load error, not "not found", when the server fails', async () => {
    stubFetch({ '/api/events/flag-retirement-ceremony': json({ error: 'Boom', code: 'INTERNAL' }, 500) });
    renderPage(freeEvent);
    expect((await screen.findByRole('alert')).textContent).toBe("We couldn't load this event. Please try again later.");
    expect(screen.queryByText('Event Not Found')).toBeNull();
  });

  it('says a cancelled event was cancelled and offers no registration', async () => {
    stubFetch({ '/api/events/flag-retirement-ceremony': json({ ...freeEvent, status: 'cancelled' }) });
    renderPage(freeEvent);
    const notice = await screen.findByRole('region', { name: 'This event was cancelled' });
    expect(notice.textContent).toContain('This event was cancelled');
    expect(screen.getByText('Cancelled').tagName).toBe('P');
    expect(screen.queryByRole('heading', { name: 'Register for This Event' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'First name' })).toBeNull();
  });

  it('moves a former address to the event’s current one', async () => {
    stubFetch({ '/api/events/flag-retirement-ceremony': json({ ...freeEvent, slug: 'flag-ceremony' }) });
    const { location } = renderPage(freeEvent);
    await waitFor(() => expect(location.history.at(-1)).toBe('/events/flag-ceremony'));
  });

  it('shows the title, Eastern date and time range, location, paragraphs, details, share and back links', async () => {
    stubFetch({ '/api/events/flag-retirement-ceremony': json(freeEvent) });
    renderPage(freeEvent);

    await expectH1('Flag Retirement Ceremony');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByText('Saturday, March 14, 2026')).toHaveLength(2);
    expect(screen.getAllByText('6:00 PM – 8:00 PM ET')).toHaveLength(2);
    expect(screen.getAllByText('Veterans Memorial Park')).toHaveLength(2);

    const about = screen.getByRole('region', { name: 'About This Event' });
    expect(
      within(about)
        .getAllByText(/./, { selector: 'p' })
        .map((p) => p.textContent),
    ).toEqual(['A solemn ceremony for worn flags.', 'Bring a flag to retire.', 'Refreshments follow.']);

    const details = screen.getByRole('region', { name: 'Event Details' });
    expect(detailRows(details)).toEqual([
      ['Date', 'Saturday, March 14, 2026'],
      ['Time', '6:00 PM – 8:00 PM ET'],
      ['Location', 'Veterans Memorial Park'],
      ['Price', 'Free'],
    ]);

    const share = screen.getByRole('group', { name: 'Share this event' });
    expect(within(share).getAllByRole('button')).toHaveLength(3);

    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Back to Events' }).getAttribute('href')).toBe('/#events');
    // A free event asks for no ticket type.
    // The form's code arrives as its section nears the viewport (here at once).
    await waitFor(() => expect(submitButton().textContent).toBe('Complete Registration'));
    expect(screen.queryByRole('radio')).toBeNull();
    await waitFor(() => expect(document.title).toMatch(/^Flag Retirement Ceremony \| /));
  });

  it('shows the spec validation messages on an empty submit, announced and linked', async () => {
    const fetchMock = stubFetch({ '/api/events/flag-retirement-ceremony': json(freeEvent) });
    const { user } = renderPage(freeEvent);
    await screen.findByRole('form', { name: 'Event registration form' });
    expect(await submitForErrors(user, submitButton)).toEqual(PAYER_FIELD_ERRORS);
    const firstName = screen.getByRole('textbox', { name: 'First name' });
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(firstName.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'First name is required',
    );
    expect(document.activeElement).toBe(firstName);

    await expectShortPhoneRefused(user, submitButton);
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('requires a ticket type of the event when it requires payment', () => {
    const result = eventRegistrationSchema(tieredEvent).safeParse(ABIGAIL);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Please select a ticket type']);
    expect(eventRegistrationSchema(tieredEvent).safeParse({ ...ABIGAIL, selectedTier: 'general' }).success).toBe(true);
  });

  it('offers the ticket types: first one checked and expanded, POPULAR on vip, whole-dollar prices', async () => {
    stubFetch({ '/api/events/seven-pillars-leadership-summit': json(tieredEvent) });
    const { user } = renderPage(tieredEvent);

    const group = await screen.findByRole('group', { name: 'Ticket type' });
    const general = within(group).getByRole('radio', { name: 'General Admission $45' });
    const vip = within(group).getByRole('radio', { name: 'VIP POPULAR $125' });
    expect(general).toHaveProperty('checked', true);
    expect(vip).toHaveProperty('checked', false);
    expect(
      within(group)
        .getAllByText('POPULAR')
        .map((badge) => badge.closest('label')),
    ).toEqual([vip.closest('label')]);
    expect(within(group).queryByText(/\$\d+\.\d\d/)).toBeNull();
    expect(general.getAttribute('aria-describedby')).not.toBeNull();
    expect(document.getElementById(general.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'All talks and workshops',
    );

    const generalBenefits = within(group).getByRole('list', { name: 'General Admission benefits' });
    expect(
      within(generalBenefits)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Conference access', 'Lunch']);
    expect(within(group).queryByRole('list', { name: 'VIP benefits' })).toBeNull();

    await user.click(vip);
    expect(vip).toHaveProperty('checked', true);
    expect(general).toHaveProperty('checked', false);
    expect(within(group).getByRole('list', { name: 'VIP benefits' }).textContent).toBe('Reserved seating');
    expect(within(group).queryByRole('list', { name: 'General Admission benefits' })).toBeNull();

    // Keyboard: arrow keys move the choice back.
    await user.keyboard('{ArrowUp}');
    expect(general).toHaveProperty('checked', true);
    expect(within(group).getByRole('list', { name: 'General Admission benefits' }).textContent).toBe(
      'Conference accessLunch',
    );

    expect(detailRows(screen.getByRole('region', { name: 'Event Details' }))).toContainEqual(['Price', 'From $45']);
    expect(submitButton().textContent).toBe('Continue to Payment');
  });

  it('registers for a free event and goes to the success page with amount 0.00', async () => {
    const { fetchMock, user, location } = await startRegistration(freeEvent);
    await user.type(screen.getByRole('textbox', { name: 'Comments or questions (optional)' }), 'Two guests');
    await user.click(submitButton());

    await waitFor(() =>
      expect(location.history.at(-1)).toBe('/success?type=event&amount=0.00&event=Flag%20Retirement%20Ceremony'),
    );
    const [request] = posts(fetchMock);
    expect(request?.url).toBe('/api/events/flag-retirement-ceremony/register');
    expect(request?.body).toEqual({
      firstName: 'Abigail',
      lastName: 'Adams',
      email: 'abigail@example.org',
      phone: '555-010-1776',
      comments: 'Two guests',
      eventId: freeEvent.id,
    });
    expect(request?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('registers for a paid event with the chosen ticket type and goes to the payment page', async () => {
    const { fetchMock, user, location } = await startRegistration(tieredEvent);
    await user.click(screen.getByRole('radio', { name: /^VIP/ }));
    await user.click(submitButton());

    await waitFor(() =>
      expect(location.history.at(-1)).toBe(`/events/seven-pillars-leadership-summit/payment/${registrationId}`),
    );
    expect(posts(fetchMock)[0]?.body).toMatchObject({ selectedTier: 'vip', eventId: tieredEvent.id });
    // Kept in this tab's session for the payment page, even without the history state (a reload).
    expect(readPayerHandoff(registrationId, null)).toEqual({
      firstName: 'Abigail',
      lastName: 'Adams',
      email: 'abigail@example.org',
      phone: '555-010-1776',
    });
    window.sessionStorage.clear();
  });

  it('reads "Registering..." while sending and ignores a second submit', async () => {
    let reply: (response: Response) => void = () => {};
    const fetchMock = stubFetch({
      '/api/events/flag-retirement-ceremony': json(freeEvent),
      '/api/events/flag-retirement-ceremony/register': () => new Promise<Response>((resolve) => (reply = resolve)),
    });
    const { user, location } = renderPage(freeEvent);
    await fillDetails(user);
    await user.click(submitButton());

    await waitFor(() => expect(submitButton().textContent).toBe('Registering...'));
    expect(submitButton().getAttribute('aria-disabled')).toBe('true');
    await submitAgain(user, submitButton, 'Event registration form');
    expect(posts(fetchMock)).toHaveLength(1);

    reply(Response.json({ success: true, data: { registrationId } }, { status: 201 }));
    await waitFor(() => expect(location.history.at(-1)).toMatch(/^\/success\?type=event&amount=0\.00/));
  });

  it('toasts "Registration Failed" with the fallback on a 500, and with the server message on a 4xx', async () => {
    let status = 500;
    const fetchMock = stubFetch({
      '/api/events/flag-retirement-ceremony': json(freeEvent),
      '/api/events/flag-retirement-ceremony/register': () =>
        status === 500
          ? Response.json({ error: 'Internal error', code: 'INTERNAL' }, { status })
          : Response.json({ error: 'This event is full.', code: 'CONFLICT' }, { status }),
    });
    const { user, location } = renderPage(freeEvent);
    await fillDetails(user);
    await user.click(submitButton());

    expect(await findToast('Registration Failed')).toContain(
      'There was an error processing your registration. Please try again.',
    );
    await waitFor(() => expect(submitButton().textContent).toBe('Complete Registration'));
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveProperty('value', 'Abigail');

    status = 409;
    await user.click(submitButton());
    await waitFor(() =>
      expect(within(notifications()).getByRole('listitem').textContent).toContain('This event is full.'),
    );
    const keys = posts(fetchMock).map((request) => request.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    expect(location.history).toEqual(['/events/flag-retirement-ceremony']);
  });

  it('offers the event as a calendar file', async () => {
    stubFetch({ '/api/events/flag-retirement-ceremony': json(freeEvent) });
    renderPage(freeEvent);
    const link = await screen.findByRole('link', { name: 'Add to calendar' });
    expect(link.getAttribute('href')).toBe('/api/events/flag-retirement-ceremony/calendar.ics');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('says how many places are left when few remain, and nothing when many do', async () => {
    stubFetch({ '/api/events/flag-retirement-ceremony': json({ ...freeEvent, placesLeft: 3 }) });
    const { unmount } = renderPage(freeEvent);
    const details = await screen.findByRole('region', { name: 'Event Details' });
    expect(detailRows(details)).toContainEqual(['Places', 'Only 3 places left']);
    unmount();

    stubFetch({ '/api/events/flag-retirement-ceremony': json({ ...freeEvent, placesLeft: 40 }) });
    renderPage(freeEvent);
    const plentiful = await screen.findByRole('region', { name: 'Event Details' });
    expect(detailRows(plentiful).map(([label]) => label)).toEqual(['Date', 'Time', 'Location', 'Price']);
    expect(isEnabled(await screen.findByRole('button', { name: 'Complete Registration' }))).toBe(true);
  });

  it('shows "Sold out" instead of the form when no place is left', async () => {
    stubFetch({ '/api/events/flag-retirement-ceremony': json({ ...freeEvent, placesLeft: 0 }) });
    renderPage(freeEvent);
    const notice = await screen.findByText('This event is sold out.');
    expect(notice.closest('[role="status"]')?.textContent).toContain('Sold out');
    expect(screen.queryByRole('form', { name: 'Event registration form' })).toBeNull();
    expect(detailRows(screen.getByRole('region', { name: 'Event Details' }))).toContainEqual(['Places', 'Sold out']);
  });

  it('disables a sold-out tier, names it so, and picks the first tier with places', async () => {
    const event: EventDetail = {
      ...tieredEvent,
      placesLeft: 5,
      pricingTiers: [
        { ...(tieredEvent.pricingTiers[0] as EventDetail['pricingTiers'][number]), placesLeft: 0 },
        { ...(tieredEvent.pricingTiers[1] as EventDetail['pricingTiers'][number]), placesLeft: 2 },
      ],
    };
    stubFetch({ [`/api/events/${event.slug}`]: json(event) });
    renderPage(event);
    const general = await screen.findByRole('radio', { name: /General Admission/ });
    expect(general).toHaveProperty('disabled', true);
    expect(general.getAttribute('aria-labelledby')).toMatch(/places/);
    expect(screen.getByRole('radio', { name: /General Admission Sold out/ })).toBe(general);
    const vip = screen.getByRole('radio', { name: /VIP POPULAR Only 2 places left/ });
    expect(vip).toHaveProperty('checked', true);
  });
});
