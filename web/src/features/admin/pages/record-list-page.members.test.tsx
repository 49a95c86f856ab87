import type { MemberDetail } from '@pillars/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/stub-fetch';
import { itHandlesLoadFailures, type RecordListRoutes, recordPage, renderRecordList } from '../test/record-list';

const accepted: MemberDetail = {
  id: 'm1',
  firstName: 'John',
  lastName: 'Adams',
  email: 'john@example.org',
  phone: null,
  amount: '25.00',
  status: 'active',
  paymentMethod: 'card',
  isRecurring: true,
  payTheoryPaymentId: 'rec_00000000XYZ98765',
  createdAt: '2025-03-01T12:00:00.000Z',
  waiverAccepted: true,
  waiverAcceptedAt: '2025-03-01T12:00:00.000Z',
  waiverVersion: 'v1.0',
};
const notAccepted: MemberDetail = {
  ...accepted,
  id: 'm2',
  firstName: 'Abigail',
  email: 'abigail@example.org',
  status: 'cancelled',
  payTheoryPaymentId: null,
  createdAt: '2025-02-01T12:00:00.000Z',
  waiverAccepted: false,
  waiverAcceptedAt: null,
  waiverVersion: null,
};

const FIRST_PAGE = '/api/admin/members-detail/page?limit=24';
const page = recordPage<MemberDetail>;

function renderPage(reply = page([accepted, notAccepted]), routes: RecordListRoutes = {}) {
  return renderRecordList('members', '/admin/members', {
    [FIRST_PAGE]: reply,
    '/api/admin/members-detail/recipients': json({ success: true, data: ['abigail@example.org', 'john@example.org'] }),
    '/api/admin/members-detail/recipients/count': json({ success: true, count: 2 }),
    ...routes,
  });
}

describe('RecordListPage: /admin/members', () => {
  it("shows '$25.00/mo', the status and the waiver state with date and version", async () => {
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Loading members...');
    const list = await screen.findByRole('list', { name: 'Members' });
    const [john, abigail] = within(list).getAllByRole('article');
    if (!john || !abigail) throw new Error('expected two cards');
    expect(within(john).getByRole('heading').textContent).toBe('John Adams');
    expect(john.textContent).toContain('$25.00/mo');
    expect(within(john).getByText('Active').getAttribute('data-tone')).toBe('success');
    expect(within(john).getByText('Accepted').parentElement?.textContent).toBe('Accepted on Mar 1, 2025, version v1.0');
    expect(john.textContent).toContain('XYZ98765');
    expect(within(john).getByRole('button', { name: 'Payment details (John Adams)' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(john.textContent).toContain('Mar 1, 2025');
    expect(john.textContent).not.toContain('This member has not accepted the liability waiver.');

    expect(abigail.textContent).toContain('$25.00/mo');
    expect(abigail.textContent).toContain('Not Accepted');
    expect(abigail.textContent).toContain('This member has not accepted the liability waiver.');
    expect(within(abigail).getByText('Cancelled').getAttribute('data-tone')).toBe('danger');
    expect(document.body.textContent).toContain('Total: 2 members');
  });

  it("shows an application without a card as '$0.00', not a monthly price", async () => {
    const application: MemberDetail = {
      ...accepted,
      id: 'm3',
      amount: '0.00',
      isRecurring: false,
      status: 'confirmed',
    };
    renderPage(page([application]));
    const list = await screen.findByRole('list', { name: 'Members' });
    const [card] = within(list).getAllByRole('article');
    if (!card) throw new Error('expected one card');
    expect(card.textContent).toContain('$0.00');
    expect(within(card).queryByText('$25.00/mo')).toBeNull();
    expect(within(card).getByText('Confirmed').getAttribute('data-tone')).toBe('success');
  });

  it("e-mails every member with the '{orgName} Membership Update' subject", async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Email All (2)' }));
    const emailAll = await screen.findByRole('dialog', { name: 'Broadcast Message' });
    expect((await within(emailAll).findByRole('link', { name: 'Open Email Client' })).getAttribute('href')).toBe(
      'mailto:info@patriotpillars.org?bcc=abigail@example.org,john@example.org&subject=Patriot%20Pillars%20Foundation%20Membership%20Update',
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Broadcast Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Broadcast Message' });
    expect(within(dialog).getByRole('textbox', { name: 'Subject' })).toHaveProperty(
      'value',
      'Patriot Pillars Foundation Membership Update',
    );
  });

  it('shows more members a page at a time, with the count shown', async () => {
    const { user } = renderPage(page([accepted], 'next-1', 2), {
      [`${FIRST_PAGE}&cursor=next-1`]: page([notAccepted], null, 2),
    });
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(document.body.textContent).toContain('Total: 2 members');
    expect(screen.getByRole('status').textContent).toBe('Showing 1 of 2');
    await user.click(screen.getByRole('button', { name: 'Show 1 more' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(2));
    expect(screen.getByRole('status').textContent).toBe('Showing 2 of 2');
  });

  it('shows the empty state', async () => {
    renderPage(page([]));
    await waitFor(() => expect(document.body.textContent).toContain('No members yet.'));
  });

  itHandlesLoadFailures(renderPage, 'Error loading members');
});
