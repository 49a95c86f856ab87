import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { PrivacyPolicyPage } from './privacy-policy-page';

const config = {
  orgName: 'Liberty Pillars',
  contactEmail: 'privacy@libertypillars.org',
  contactPhone: '(555) 010-1776',
  contactAddress: '1 Freedom Way, Boston, MA 02108',
};

function renderPolicy() {
  return renderWithProviders(<PrivacyPolicyPage />, { path: '/privacy-policy', config });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('PrivacyPolicyPage', () => {
  it("has one h1, the spec's last-updated date and the page title", async () => {
    document.title = 'Site';
    renderPolicy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Privacy Policy']);
    const updated = screen.getByTestId('last-updated');
    expect(updated.textContent).toBe('Last updated: January 9, 2025');
    expect(updated.querySelector('time')?.getAttribute('datetime')).toBe('2025-01-09');
    await waitFor(() => expect(document.title).toBe('Privacy Policy | Liberty Pillars'));
  });

  it("states the spec's retention periods", () => {
    renderPolicy();
    const table = within(section('Data Retention')).getByRole('table', {
      name: 'How long we keep personal information',
    });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Member records', '3 years after cancellation'],
      ['Contribution records', '7 years'],
      ['Analytics data', '2 years'],
      ['Communications', '2 years'],
    ]);
  });

  it('sets the minimum age at 13', () => {
    renderPolicy();
    expect(section("Children's Privacy").textContent).toContain(
      'You must be at least 13 years old to use this website.',
    );
  });

  it('says event registration fees are non-refundable unless the event is cancelled', () => {
    renderPolicy();
    expect(section('Contributions, Memberships and Event Fees').textContent).toContain(
      'Event registration fees are non-refundable unless the event is cancelled.',
    );
  });

  it('says card data stays with the card payment provider and card numbers are never stored', () => {
    renderPolicy();
    const payments = section('Payments and Card Information').textContent;
    expect(payments).toContain('Card payments are handled by our card payment provider.');
    expect(payments).toContain('We never store card numbers.');
  });

  it('shows the contact details from the public config', () => {
    renderPolicy();
    const contact = within(section('Contact Us'));
    expect(section('Contact Us').textContent).toContain('Liberty Pillars');
    expect(contact.getByRole('link', { name: 'privacy@libertypillars.org' }).getAttribute('href')).toBe(
      'mailto:privacy@libertypillars.org',
    );
    expect(contact.getByRole('link', { name: '(555) 010-1776' }).getAttribute('href')).toBe('tel:5550101776');
    expect(section('Contact Us').textContent).toContain('1 Freedom Way, Boston, MA 02108');
  });

  it('links every section from the table of contents, with h2 headings throughout', () => {
    renderPolicy();
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    const links = within(toc).getAllByRole('link');
    expect(links.length).toBe(12);
    for (const link of links) {
      const id = link.getAttribute('href')?.slice(1) ?? '';
      const target = document.getElementById(id);
      if (!target) throw new Error(`no section #${id}`);
      expect(target.tagName).toBe('SECTION');
      expect(within(target).getByRole('heading', { level: 2 }).textContent).toBe(link.textContent);
    }
  });
});
