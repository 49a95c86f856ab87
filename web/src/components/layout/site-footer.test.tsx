import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { SiteFooter } from './site-footer';

const config = {
  orgName: 'Liberty Trust',
  contactEmail: 'hello@liberty.test',
  contactPhone: '(555) 010-1776',
  contactAddress: '1 Union Square, Boston, MA',
};

describe('SiteFooter', () => {
  it('has quick links to the home page sections', () => {
    renderWithProviders(<SiteFooter />, { config });
    const quickLinks = screen.getByRole('navigation', { name: 'Quick Links' });
    const hrefs = Array.from(quickLinks.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Home', '/'],
      ['News', '/#news'],
      ['Events', '/#events'],
      ['Contribute', '/#contribution'],
      ['Contact', '/#contact'],
      ['Manage your giving', '/manage'],
    ]);
  });

  it('links Login and Privacy Policy, and shows Terms of Service as plain text', () => {
    renderWithProviders(<SiteFooter />, { config });
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(screen.getByText('Terms of Service').closest('a')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Terms of Service' })).toBeNull();
    // Not drawn like the links beside it: smaller, dimmer, no hover underline.
    const label = screen.getByText('Terms of Service');
    const link = screen.getByRole('link', { name: 'Privacy Policy' });
    expect(label.className).toContain('text-sm');
    expect(label.className).toContain('text-white/65');
    expect(link.className).toContain('text-white/85');
    expect(label.className).not.toContain('hover:underline');
  });

  it('shows the contact details and copyright from the public config', () => {
    renderWithProviders(<SiteFooter />, { config });
    expect(screen.getByRole('link', { name: 'hello@liberty.test' }).getAttribute('href')).toBe(
      'mailto:hello@liberty.test',
    );
    expect(screen.getByRole('link', { name: '(555) 010-1776' }).getAttribute('href')).toBe('tel:5550101776');
    const footer = screen.getByRole('contentinfo').textContent;
    expect(footer).toContain('1 Union Square, Boston, MA');
    expect(footer).toContain(`© ${new Date().getFullYear()} Liberty Trust. All rights reserved.`);
  });
});
