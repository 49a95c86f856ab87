import type { RegistrationDetail } from '@pillars/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/stub-fetch';
import { itHandlesLoadFailures, type RecordListRoutes, recordPage, renderRecordList } from '../test/record-list';

const gala = {
  title: 'Liberty Gala',
  // 22:00 UTC in July is 6:00 PM EDT.
  startDate: '2025-07-04T22:00:00.000Z',
  endDate: '2025-07-05T01:00:00.000Z',
  location: 'Independence Hall',
};
const ceremony = {
  title: 'Flag Retirement Ceremony',
  startDate: '2025-06-14T14:00:00.000Z',
  endDate: '2025-06-14T16:00:00.000Z',
  location: 'Veterans Memorial Park',
};

function registration(overrides: Partial<RegistrationDetail>): RegistrationDetail {
  return {
    id: 'r',
    firstName: 'Abigail',
    lastName: 'Adams',
    email: 'abigail@example.org',
    phone: '555-010-1776',
    status: 'pending',
    selectedTier: null,
    comments: null,
    paymentAmount: null,
    payTheoryPaymentId: null,
    createdAt: '2025-05-01T12:00:00.000Z',
    event: gala,
    ...overrides,
  };
}

const abigail = registration({
  id: 'r1',
  status: 'paid',
  selectedTier: 'vip',
  comments: 'Two dietary restrictions',
  paymentAmount: 12500,
  payTheoryPaymentId: 'txn_000000000PAID4567',
});
const paul = registration({
  id: 'r2',
  firstName: 'Paul',
  lastName: 'Revere',
  email: 'paul@example.org',
  event: ceremony,
});
const john = registration({
  id: 'r3',
  firstName: 'John',
  email: 'john@example.org',
  status: 'attended',
  createdAt: '2025-05-02T12:00:00.000Z',
});

const GALA_ID = '00000000-0000-4000-8000-000000000001';
const CEREMONY_ID = '00000000-0000-4000-8000-000000000002';
const events = {
  success: true,
  data: [
    { id: GALA_ID, ...gala, registrations: 2 },
    { id: CEREMONY_ID, ...ceremony, registrations: 1 },
  ],
  total: 3,
};
const pagePath = (eventId: string, cursor?: string) =>
  `/api/admin/event-registrations/page?eventId=${eventId}&limit=24${cursor ? `&cursor=${cursor}` : ''}`;
const page = recordPage<RegistrationDetail>;
const search = (q: string) => `/api/admin/event-registrations/search?q=${encodeURIComponent(q)}`;

function renderPage(reply = json(events), routes: RecordListRoutes = {}) {
  return renderRecordList('registrations', '/admin/events', {
    '/api/admin/event-registrations/events': reply,
    // The API's order: newest first.
    [pagePath(GALA_ID)]: page([john, abigail]),
    [pagePath(CEREMONY_ID)]: page([paul]),
    [`/api/admin/event-registrations/recipients?eventId=${GALA_ID}`]: json({
      success: true,
      data: ['abigail@example.org', 'john@example.org'],
    }),
    [search('zz')]: json({ success: true, data: [] }),
    [search('paul@')]: json({ success: true, data: [paul] }),
    [search('adams')]: json({ success: true, data: [john, abigail] }),
    ...routes,
  });
}

describe('RecordListPage: /admin/events', () => {
  it('groups registrations by event with date, time, location and a count', async () => {
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Loading event registrations...');
    await screen.findByRole('list', { name: 'Registrations for Flag Retirement Ceremony' });
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Check-in at the door',
      'Liberty Gala',
      'Flag Retirement Ceremony',
    ]);
    expect(document.body.textContent).toContain('Total: 3 registrations');

    const galaSection = screen.getByRole('region', { name: 'Liberty Gala' });
    expect(galaSection.textContent).toContain('2 registrations');
    expect(galaSection.textContent).toContain('Friday, July 4, 2025');
    expect(galaSection.textContent).toContain('6:00 PM – 9:00 PM ET');
    expect(galaSection.textContent).toContain('Independence Hall');
    const cards = within(
      await within(galaSection).findByRole('list', { name: 'Registrations for Liberty Gala' }),
    ).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['John Adams', 'Abigail Adams']);

    const [johnCard, abigailCard] = cards;
    if (!johnCard || !abigailCard) throw new Error('expected two cards');
    expect(within(johnCard).getByText('Attended').getAttribute('data-tone')).toBe('info');
    expect(within(abigailCard).getByText('Paid').getAttribute('data-tone')).toBe('success');
    expect(abigailCard.textContent).toContain('vip');
    expect(abigailCard.textContent).toContain('Two dietary restrictions');
    expect(abigailCard.textContent).toContain('$125.00');
    expect(abigailCard.textContent).toContain('PAID4567');
    expect(abigailCard.textContent).not.toContain('txn_000000000PAID4567');
    expect(abigailCard.textContent).toContain('555-010-1776');
    expect(
      within(abigailCard)
        .getByRole('link', { name: /^Email Abigail Adams: / })
        .getAttribute('href'),
    ).toBe('mailto:abigail@example.org');

    const ceremonySection = screen.getByRole('region', { name: 'Flag Retirement Ceremony' });
    expect(ceremonySection.textContent).toContain('1 registration');
    expect(within(ceremonySection).getByText('Pending').getAttribute('data-tone')).toBe('warning');
  });

  it("'Send Message to All' writes to the event's registrants with '{event} - Important Update'", async () => {
    const { user } = renderPage();
    const galaSection = await screen.findByRole('region', { name: 'Liberty Gala' });
    await within(galaSection).findByRole('list', { name: 'Registrations for Liberty Gala' });
    await user.click(within(galaSection).getByRole('button', { name: /^Send Message to All/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Message to All' });
    // The description counts the addresses once they are in.
    expect(await within(dialog).findByRole('textbox', { name: 'Subject' })).toHaveProperty(
      'value',
      'Liberty Gala - Important Update',
    );
    expect(within(dialog).getByRole('link', { name: 'Open Email Client' }).getAttribute('href')).toBe(
      'mailto:info@patriotpillars.org?bcc=abigail@example.org,john@example.org&subject=Liberty%20Gala%20-%20Important%20Update',
    );
    expect(dialog.textContent).toContain('Write one message to the 2 registrants of Liberty Gala.');
  });

  it("'Check in' marks a paid registration attended, then focuses its card and announces it", async () => {
    const { user, fetchMock } = renderPage(undefined, {
      '/api/admin/registrations/r1/status': json({ success: true, data: { id: 'r1', status: 'attended' } }),
    });
    const button = await screen.findByRole('button', { name: 'Check in Abigail Adams' });
    // Only a paid or confirmed registration can be checked in: not John (attended) nor Paul (pending).
    expect(screen.getAllByRole('button', { name: /^Check in/ })).toHaveLength(1);
    await user.click(button);
    const heading = screen.getByRole('heading', { name: 'Abigail Adams' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const card = heading.closest('article');
    if (!card) throw new Error('no card');
    expect(within(card).getByRole('status').textContent).toBe('Checked in');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/registrations/r1/status') as
      [string, RequestInit] | undefined;
    expect(call?.[1].method).toBe('PUT');
    expect(JSON.parse(call?.[1].body as string)).toEqual({ status: 'attended' });
  });

  it("pages an event's registrations with 'Show more', the event's count shown", async () => {
    const { user } = renderPage(undefined, {
      [pagePath(GALA_ID)]: page([john], 'gala-2', 2),
      [pagePath(GALA_ID, 'gala-2')]: page([abigail], null, 2),
    });
    const galaSection = await screen.findByRole('region', { name: 'Liberty Gala' });
    const list = await within(galaSection).findByRole('list', { name: 'Registrations for Liberty Gala' });
    expect(within(list).getAllByRole('article')).toHaveLength(1);
    expect(galaSection.textContent).toContain('Showing 1 of 2');
    await user.click(within(galaSection).getByRole('button', { name: 'Show 1 more' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(2));
    expect(galaSection.textContent).toContain('Showing 2 of 2');
    // The ceremony, all on its first page, has no pager.
    const ceremonySection = screen.getByRole('region', { name: 'Flag Retirement Ceremony' });
    expect(within(ceremonySection).queryByText(/^Showing/)).toBeNull();
  });

  it("says when an event's registrations cannot be loaded, and tries again", async () => {
    renderPage(undefined, { [pagePath(CEREMONY_ID)]: json({ error: 'Boom', code: 'INTERNAL' }, 500) });
    const ceremonySection = await screen.findByRole('region', { name: 'Flag Retirement Ceremony' });
    const alert = await within(ceremonySection).findByRole('alert');
    expect(alert.textContent).toContain('Error loading event registrations: 500: Boom');
    expect(within(ceremonySection).getByRole('button', { name: 'Try again' })).toHaveProperty('disabled', false);
  });

  it('shows the empty state', async () => {
    renderPage(json({ success: true, data: [], total: 0 }));
    await waitFor(() => expect(document.body.textContent).toContain('No event registrations yet.'));
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/admin');
  });

  it('finds a registrant at the door by name or e-mail and checks them in with a large button', async () => {
    const { user, fetchMock } = renderPage(undefined, {
      '/api/admin/registrations/r1/status': json({ success: true, data: { id: 'r1', status: 'attended' } }),
    });
    const door = await screen.findByRole('region', { name: 'Check-in at the door' });
    const searchbox = within(door).getByRole('searchbox', { name: 'Find a registrant by name or e-mail' });

    await user.type(searchbox, 'zz');
    await waitFor(() => expect(within(door).getByRole('status').textContent).toBe('No registrant found.'));

    await user.clear(searchbox);
    await user.type(searchbox, 'paul@');
    await waitFor(() => expect(within(door).getByRole('status').textContent).toBe('1 registrant found.'));
    const found = within(door).getByRole('list', { name: 'Registrants found' });
    // Paul has not paid: no button, his status instead.
    expect(within(found).queryByRole('button')).toBeNull();
    expect(within(found).getByText('Pending').getAttribute('data-tone')).toBe('warning');

    await user.clear(searchbox);
    await user.type(searchbox, 'adams');
    await waitFor(() => expect(within(door).getByRole('status').textContent).toBe('2 registrants found.'));
    const results = within(door).getByRole('list', { name: 'Registrants found' });
    expect(within(results).getAllByRole('listitem')).toHaveLength(2);
    // John is already in.
    expect(results.textContent).toContain('Checked in');
    const button = within(results).getByRole('button', { name: 'Check in Abigail Adams' });
    expect(button.className).toMatch(/min-h-12/);
    expect(button.className).toMatch(/w-full/);
    await user.click(button);

    await waitFor(() => expect(within(results).getAllByText('Checked in')).toHaveLength(2));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Checked in'));
    expect(within(door).getByRole('status').textContent).toBe('Abigail Adams checked in');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/registrations/r1/status') as
      [string, RequestInit] | undefined;
    expect(JSON.parse(call?.[1].body as string)).toEqual({ status: 'attended' });
  });

  it('shows only money received as a payment: an unpaid fee is due, a refunded one reads so', async () => {
    const unpaid = registration({ id: 'r4', firstName: 'Unpaid', paymentAmount: 2000, paidCents: 0 });
    const refunded = registration({
      id: 'r5',
      firstName: 'Refunded',
      status: 'cancelled',
      state: 'refunded',
      paymentAmount: 2000,
      paidCents: 2000,
    });
    const atDoor = registration({
      id: 'r6',
      firstName: 'AtDoor',
      status: 'confirmed',
      paymentAmount: 2000,
      paidCents: 0,
    });
    renderPage(json(events), { [pagePath(GALA_ID)]: page([unpaid, refunded, atDoor]) });
    const list = await screen.findByRole('list', { name: 'Registrations for Liberty Gala' });
    const card = (name: string) => {
      const found = within(list)
        .getAllByRole('article')
        .find((article) => within(article).getByRole('heading').textContent === `${name} Adams`);
      if (!found) throw new Error(`no card for ${name}`);
      return found;
    };
    expect(card('Unpaid').textContent).toContain('Payment due$20.00');
    expect(card('Unpaid').textContent).not.toMatch(/Payment\$20\.00/);
    expect(card('Refunded').textContent).toContain('Payment$20.00');
    expect(within(card('Refunded')).getByText('Refunded').getAttribute('data-tone')).toBe('info');
    expect(card('AtDoor').textContent).toContain('Fee$20.00');
  });

  itHandlesLoadFailures(renderPage, 'Error loading event registrations');
});
