import type { EventDetail } from '@pillars/shared/contracts';
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
    expect(screen.getByText(/\/events\/liberty-gala$/)).toBeDefined();
    expect(screen.getByText('Date and time in New York (America/New_York, ET).')).toBeDefined();
    await user.type(screen.getByLabelText(/^Starts/), '2026-07-04T18:00');
    await user.type(screen.getByLabelText(/^Ends/), '2026-07-04T22:00');
    await user.type(screen.getByRole('textbox', { name: /^Location/ }), 'Independence Hall');
    await user.click(screen.getByRole('checkbox', { name: 'Registration requires payment' }));
    const price = screen.getByRole('textbox', { name: /^Price/ });
    await user.clear(price);
    await user.type(price, '45.50');
    await user.type(screen.getByRole('textbox', { name: /^Capacity/ }), '2');
    expect(screen.getByText('Preview of Liberty Gala')).toBeDefined();
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
    expect(await screen.findByText('3 fields need attention before saving.')).toBeDefined();
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
    expect(
      await screen.findByText(
        'The title must not contain invisible characters (direction marks or zero-width spaces).',
      ),
    ).toBeDefined();
    expect(screen.getByText('The image address must start with / (a page of this site) or https://.')).toBeDefined();
    expect(requests(fetchMock).filter((r) => r.method)).toHaveLength(0);
  });

  it('cancels a published event only after a confirmation that says registrants will be e-mailed', async () => {
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
    // The same path answers the load (GET), then the save (PUT).
    let calls = 0;
    const fetchMock = stubFetch({
      [`/api/admin/events/${id}`]: () =>
        (calls += 1) === 1 ? json(saved)() : json({ success: true, data: { id, slug: 'liberty-gala' } })(),
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminEventEditorPage id={id} renderPreview={renderPreview} />);
    expect(await screen.findByDisplayValue('Liberty Gala')).toBeDefined();
    expect(screen.getByDisplayValue('2030-07-04T18:00')).toBeDefined();
    expect(screen.getByDisplayValue('25.00')).toBeDefined();
    expect(screen.getByText('Number of places; empty for no limit. 3 taken so far.')).toBeDefined();
    expect(screen.getByText('Number of places; empty for no limit. 1 taken so far.')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Cancel event' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this event?' });
    expect(dialog.textContent).toContain('Every registrant (3) will be e-mailed that the event is cancelled.');
    expect(requests(fetchMock).filter((r) => r.method === 'PUT')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel event and e-mail registrants' }));
    await waitFor(() => expect(requests(fetchMock).filter((r) => r.method === 'PUT')).toHaveLength(1));
    const body = requests(fetchMock).find((r) => r.method === 'PUT')?.body;
    expect(JSON.parse(body ?? 'null')).toMatchObject({
      status: 'cancelled',
      slug: 'liberty-gala',
      price: 2500,
      capacity: 10,
      pricingTiers: [{ id: 'vip', price: 9000, capacity: 4, benefits: ['Dinner'] }],
    });
    expect(await screen.findByText('Event cancelled')).toBeDefined();
  });
});
