import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { successHandoff } from '@/lib/success-handoff';
import { renderWithProviders } from '@/test/render-with-providers';
import { paragraphs } from '@/test/screen-text';
import { SuccessPage } from './success-page';

function renderAt(path: string) {
  return renderWithProviders(<SuccessPage />, { path, config: { orgName: 'Patriot Pillars Foundation' } });
}

const heading = () => screen.getByRole('heading', { level: 1 });

function expectReturnHome() {
  expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
}

/** The history state the paying form leaves on its /success entry. */
function arriveWith(kind: 'recurring_donation' | 'membership' | 'donation', nextPaymentDate: string | null) {
  window.history.replaceState(successHandoff({ status: 'succeeded', paymentId: 'p', kind, nextPaymentDate }), '');
}

describe('SuccessPage', () => {
  afterEach(() => window.history.replaceState(null, ''));

  it('thanks a contributor and shows the amount', async () => {
    document.title = 'Site';
    renderAt('/success?type=contribution&amount=25.00');
    expect(heading().textContent).toBe('Thank You for Your Contribution!');
    expect(paragraphs()).toContain('Contribution Amount: $25.00');
    expectReturnHome();
    await waitFor(() => expect(document.title).toBe('Thank You for Your Contribution! | Patriot Pillars Foundation'));
  });

  it.each([
    {
      what: 'a contribution amount with two decimals',
      path: '/success?type=contribution&amount=17.76',
      line: 'Contribution Amount: $17.76',
    },
    {
      what: 'the membership fee even without an amount in the link',
      path: '/success?type=membership',
      line: 'Monthly Membership: $25.00',
    },
    {
      what: 'a free registration when the amount is missing',
      path: '/success?type=event&event=Town%20Hall',
      line: 'Free Event Registration',
    },
  ])('shows $what', ({ path, line }) => {
    renderAt(path);
    expect(paragraphs()).toContain(line);
  });

  it('welcomes a new member with the monthly fee', () => {
    renderAt('/success?type=membership&amount=25.00');
    expect(heading().textContent).toBe('Welcome to Patriot Pillars Foundation!');
    expect(paragraphs()).toContain('Monthly Membership: $25.00');
    expectReturnHome();
  });

  it('thanks for a paid registration, naming the event and the fee', () => {
    renderAt('/success?type=event&amount=45.00&event=Town%20Hall');
    expect(heading().textContent).toBe('Thank You for Registering!');
    expect(paragraphs()).toContain(
      'We have received your registration for Town Hall and look forward to seeing you there.',
    );
    expect(paragraphs()).toContain('Registration Fee: $45.00');
    expect(screen.queryByText('Free Event Registration')).toBeNull();
    expectReturnHome();
  });

  it('thanks for a paid registration without an event name', () => {
    renderAt('/success?type=event&amount=45');
    expect(heading().textContent).toBe('Thank You for Registering!');
    expect(paragraphs()).toContain('We have received your registration and look forward to seeing you there.');
    expect(paragraphs()).toContain('Registration Fee: $45.00');
  });

  it('shows a free registration when the amount is zero', () => {
    renderAt('/success?type=event&amount=0.00&event=Flag%20Retirement%20Ceremony');
    expect(paragraphs()).toContain('Free Event Registration');
    expect(paragraphs().join(' ')).toContain('Flag Retirement Ceremony');
    expect(screen.queryByText(/Registration Fee/)).toBeNull();
    expectReturnHome();
  });

  it('treats a malformed amount as missing', () => {
    renderAt('/success?type=event&amount=-45&event=Town%20Hall');
    expect(paragraphs()).toContain('Free Event Registration');
    expect(screen.queryByText(/Registration Fee/)).toBeNull();
  });

  it('leaves the amount out of a contribution when it is malformed', () => {
    renderAt('/success?type=contribution&amount=1e9');
    expect(heading().textContent).toBe('Thank You for Your Contribution!');
    expect(screen.queryByText(/Contribution Amount/)).toBeNull();
    expect(screen.queryByText(/\$/)).toBeNull();
  });

  it('shows an event name as plain text, cut to a sane length', () => {
    const markup = '<img src=x onerror=alert(1)>';
    const { container } = renderAt(`/success?type=event&event=${encodeURIComponent(markup + 'x'.repeat(300))}`);
    expect(container.querySelector('img')).toBeNull();
    const body = screen.getByText(/We have received your registration for/);
    expect(body.textContent).toContain(markup);
    expect(body.textContent).toContain('…');
    expect(body.textContent?.length).toBeLessThan(220);
  });

  it("says 'Payment Successful!' for an unknown type", () => {
    renderAt('/success?type=refund&amount=10.00');
    expect(heading().textContent).toBe('Payment Successful!');
    expect(screen.queryByText(/\$10\.00/)).toBeNull();
    expectReturnHome();
  });

  it("says 'Payment Successful!' without any parameters", () => {
    renderAt('/success');
    expect(heading().textContent).toBe('Payment Successful!');
    expectReturnHome();
  });

  describe('after a monthly plan paid in this tab', () => {
    it('says a contribution is monthly and when it is next charged', () => {
      arriveWith('recurring_donation', '2026-12-24');
      renderAt('/success?type=contribution&amount=25.00');
      expect(paragraphs()).toContain('Contribution Amount: $25.00');
      expect(paragraphs()).toContain('This is a monthly contribution.');
      const next = screen.getByText('Next charge: December 24, 2026');
      expect(next.tagName).toBe('TIME');
      expect(next.getAttribute('datetime')).toBe('2026-12-24');
    });

    it('says it is monthly even when no next date was reported', () => {
      arriveWith('recurring_donation', null);
      renderAt('/success?type=contribution&amount=25.00');
      expect(paragraphs()).toContain('This is a monthly contribution.');
      expect(screen.queryByText(/Next charge/)).toBeNull();
    });

    it('names the next charge date of a membership', () => {
      arriveWith('membership', '2026-12-24');
      renderAt('/success?type=membership');
      expect(paragraphs()).toContain('Monthly Membership: $25.00');
      expect(paragraphs()).toContain('Next charge: December 24, 2026');
      expect(screen.queryByText('This is a monthly contribution.')).toBeNull();
    });

    it('shows a one-off contribution as today', () => {
      arriveWith('donation', null);
      renderAt('/success?type=contribution&amount=25.00');
      expect(screen.queryByText(/monthly/i)).toBeNull();
      expect(screen.queryByText(/Next charge/)).toBeNull();
    });

    it('ignores a plan that does not match the page', () => {
      arriveWith('membership', '2026-12-24');
      renderAt('/success?type=event&amount=45.00&event=Town%20Hall');
      expect(screen.queryByText(/Next charge/)).toBeNull();
    });

    it('leaves out a next date that is not a date', () => {
      window.history.replaceState({ monthlyPlan: { kind: 'recurring_donation', nextPaymentDate: '<b>soon</b>' } }, '');
      renderAt('/success?type=contribution&amount=25.00');
      expect(paragraphs()).toContain('This is a monthly contribution.');
      expect(screen.queryByText(/Next charge/)).toBeNull();
    });
  });

  it('shows a reloaded or shared link without the state as before', () => {
    window.history.replaceState({ something: 'else' }, '');
    renderAt('/success?type=contribution&amount=25.00');
    expect(paragraphs()).toContain('Contribution Amount: $25.00');
    expect(screen.queryByText(/monthly/i)).toBeNull();
    expect(screen.queryByText(/Next charge/)).toBeNull();
  });

  it("shows the payment's reference handed over by the form that paid, and what happens next", () => {
    window.history.replaceState(
      successHandoff({
        status: 'succeeded',
        paymentId: '0042abcd-ef01-4234-8567-89abcdef0123',
        kind: 'donation',
        nextPaymentDate: null,
      }),
      '',
    );
    renderAt('/success?type=contribution&amount=25.00');
    expect(screen.getByText('PAY-0042ABCDEF').parentElement?.textContent).toBe('Payment reference: PAY-0042ABCDEF');
    expect(paragraphs()).toContain('Your receipt is on its way to your e-mail inbox. Please keep it for your records.');
  });

  it('says what happens next for each kind, and shows no reference without a hand-off', () => {
    const cases = [
      ['/success?type=membership', 'A welcome e-mail and your receipt are on their way to your inbox.'],
      [
        '/success?type=event&amount=45.00&event=Town%20Hall',
        'Your registration confirmation and receipt are on their way to your e-mail inbox.',
      ],
      ['/success?type=event&amount=0.00', 'Your registration confirmation is on its way to your e-mail inbox.'],
    ] as const;
    for (const [path, next] of cases) {
      const { unmount } = renderAt(path);
      expect(paragraphs()).toContain(next);
      expect(screen.queryByText(/Payment reference/)).toBeNull();
      unmount();
    }
    renderAt('/success?type=other');
    expect(screen.queryByText(/on its way|on their way/)).toBeNull();
  });
});
