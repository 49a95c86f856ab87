import type { EventDetail } from '@pillars/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { json, stubFetch } from '@/test/stub-fetch';
import { AdminEventEditorPage } from './admin-event-editor-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const id = '0b6f2d6e-3f7a-4f55-9a53-2f0c2f4f1a10';
let previewed: EventDetail | null = null;
const renderPreview = (event: EventDetail) => {
  previewed = event;
  return <p>Preview of {event.title}</p>;
};

/** The requests the page sent: method and JSON body text. */
function requests(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls
    .map((call) => (call as unknown as [string, RequestInit | undefined])[1])
    .map((init) => ({ method: init?.method, body: typeof init?.body === 'string' ? init.body : undefined }));
}

describe('AdminEventEditorPage', () => {
  it('publishes a new paid event: cents and New York instants on the wire, the live address and preview', async () => {
    const fetchMock = stubFetch({
      '/api/admin/events': json({ success: true, data: { id, slug: 'liberty-gala' } }, 201),
    });
    const user = userEvent.setup();
    const { location } = renderWithProviders(<AdminEventEditorPage id={null} renderPreview={renderPreview} />);
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Liberty Gala');
    expect(screen.getByText(/\/events\//).textContent).toMatch(/\/events\/liberty-gala$/);
    expect(document.body.textContent).toContain('Date and time in New York (America/New_York, ET).');
    await user.type(screen.getByLabelText(/^Starts/), '2026-07-04T18:00');
    await user.type(screen.getByLabelText(/^Ends/), '2026-07-04T22:00');
    await user.type(screen.getByRole('textbox', { name: /^Location/ }), 'Independence Hall');
    await user.click(screen.getByRole('checkbox', { name: 'Registration requires payment' }));
    const price = screen.getByRole('textbox', { name: /^Price/ });
    await user.clear(price);
    await user.type(price, '45.50');
    await user.type(screen.getByRole('textbox', { name: /^Capacity/ }), '2');
    expect(document.body.textContent).toContain('Preview of Liberty Gala');
    expect(previewed).toMatchObject({ price: 4550, startDate: '2026-07-04T22:00:00.000Z' });

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(location.history.at(-1)).toBe(`/admin/events/manage/${id}`));
    const body = requests(fetchMock).find((r) => r.method === 'POST')?.body;
    expect(JSON.parse(body ?? 'null')).toMatchObject({
      title: 'Liberty Gala',
      startDate: '2026-07-04T22:00:00.000Z',
      endDate: '2026-07-05T02:00:00.000Z',
      price: 4550,
      requiresPayment: true,
      capacity: 2,
      status: 'published',
      pricingTiers: [],
    });
  });

  it('announces what to fix and sends nothing when the form is invalid', async () => {
    const fetchMock = stubFetch({});
    const user = userEvent.setup();
    renderWithProviders(<AdminEventEditorPage id={null} renderPreview={renderPreview} />);
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Gala');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.body.textContent).toContain('3 fields need attention before saving.'));
    expect(screen.getByRole('textbox', { name: /^Location/ }).getAttribute('aria-invalid')).toBe('true');
    expect(requests(fetchMock).filter((r) => r.method)).toHaveLength(0);
  });

  it('shows the contract’s messages for a script image address and a hidden override in the title', async () => {
    const fetchMock = stubFetch({});
    const user = userEvent.setup();
    renderWithProviders(<AdminEventEditorPage id={null} renderPreview={renderPreview} />);
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Gala\u202e');
    await user.type(screen.getByRole('textbox', { name: /^Image address/ }), 'javascript:alert(1)');
    await user.type(screen.getByRole('textbox', { name: /^Alt text/ }), 'The hall');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        'The title must not contain invisible characters (direction marks or zero-width spaces).',
      ),
    );
    expect(document.body.textContent).toContain(
      'The image address must start with / (a page of this site) or https://.',
    );
    expect(requests(fetchMock).filter((r) => r.method)).toHaveLength(0);
  });

  it('cancels a published event after one confirmation that states the refunds, then shows their progress', async () => {
    const saved = {
      id,
      slug: 'liberty-gala',
      title: 'Liberty Gala',
      description: null,
      imageUrl: null,
      imageAlt: null,
      startDate: '2030-07-04T22:00:00.000Z',
      endDate: '2030-07-05T02:00:00.000Z',
      location: 'Independence Hall',
      price: 2500,
      requiresPayment: true,
      pricingTiers: [{ id: 'vip', name: 'VIP', price: 9000, description: '', benefits: ['Dinner'], capacity: 4 }],
      capacity: 10,
      status: 'published',
      updatedAt: '2030-01-01T00:00:00.000Z',
      registrations: 3,
      places: [
        { tierId: '', capacity: 10, taken: 3 },
        { tierId: 'vip', capacity: 4, taken: 1 },
      ],
    };
    const refund = (name: string, amountCents: number, state: string, failureMessage: string | null = null) => ({
      refundId: crypto.randomUUID(),
      chargeRowId: crypto.randomUUID(),
      paymentId: crypto.randomUUID(),
      registrationId: crypto.randomUUID(),
      name,
      amountCents,
      state,
      failureMessage,
    });
    const before = {
      status: 'published',
      paidRegistrations: 2,
      refundTotalCents: 11500,
      freeRegistrations: 1,
      progress: { queued: 0, done: 0, failed: 0, total: 0, refundedCents: 0, refunds: [] },
    };
    const after = {
      ...before,
      status: 'cancelled',
      freeRegistrations: 0,
      progress: {
        queued: 0,
        done: 1,
        failed: 1,
        total: 2,
        refundedCents: 2500,
        refunds: [
          refund('Ann Lee', 2500, 'succeeded'),
          refund('Bob Lee', 9000, 'failed', 'The payment processor refused the refund (CARD_CLOSED).'),
        ],
      },
    };
    let cancelled = false;
    const fetchMock = stubFetch({
      [`/api/admin/events/${id}`]: json(saved),
      [`/api/admin/events/${id}/cancellation`]: () => json(cancelled ? after : before)(),
      [`/api/admin/events/${id}/cancel`]: () => {
        cancelled = true;
        return json({ success: true, data: after }, 202)();
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminEventEditorPage id={id} renderPreview={renderPreview} />);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveProperty('value', 'Liberty Gala'),
    );
    expect(screen.getByLabelText(/^Starts/)).toHaveProperty('value', '2030-07-04T18:00');
    expect(screen.getAllByLabelText(/^Price/)[0]).toHaveProperty('value', '25.00');
    expect(document.body.textContent).toContain('Number of places; empty for no limit. 3 taken so far.');
    expect(document.body.textContent).toContain('Number of places; empty for no limit. 1 taken so far.');

    await user.click(screen.getByRole('button', { name: 'Cancel event' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this event?' });
    await waitFor(() =>
      expect(dialog.textContent).toContain(
        '2 paid registrations will be refunded $115.00 in all, in full, to the cards they paid with. Every registrant (3) will be e-mailed that the event is cancelled, and those who paid that their refund is on its way.',
      ),
    );
    expect(requests(fetchMock).filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel event and refund $115.00' }));
    await waitFor(() => expect(requests(fetchMock).filter((r) => r.method === 'POST')).toHaveLength(1));
    const body = requests(fetchMock).find((r) => r.method === 'POST')?.body;
    expect(JSON.parse(body ?? 'null')).toEqual({ paidRegistrations: 2, refundTotalCents: 11500 });
    await waitFor(() => expect(document.body.textContent).toContain('Event cancelled'));
    const progress = await screen.findByRole('region', { name: 'Refunds of this cancellation' });
    expect(progress.textContent).toContain('1 of 2 refunds done, 1 failed. $25.00 refunded so far.');
    expect(progress.textContent).toContain('Failed: The payment processor refused the refund (CARD_CLOSED).');
    expect(screen.getByRole('button', { name: 'Retry the refund to Bob Lee' })).toHaveProperty('disabled', false);
    expect(screen.queryByRole('button', { name: 'Retry the refund to Ann Lee' })).toBeNull();
  });
});
