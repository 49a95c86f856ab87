import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { SiteHeader } from './site-header';

function mobileMenu(): HTMLElement {
  const id = screen.getByRole('button', { name: /main menu/ }).getAttribute('aria-controls');
  const menu = id ? document.getElementById(id) : null;
  if (!menu) throw new Error('the toggle must control an element on the page');
  return menu;
}

async function openMenu(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.click(screen.getByRole('button', { name: 'Open main menu' }));
}

describe('SiteHeader', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("links the logo to / and lists the spec's links in order", () => {
    renderWithProviders(<SiteHeader />, { config: { orgName: 'Liberty Trust' } });
    expect(screen.getByRole('link', { name: 'Liberty Trust home page' }).getAttribute('href')).toBe('/');

    const desktopNav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    if (!desktopNav) throw new Error('missing main navigation');
    const links = within(desktopNav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['About Us', '/about'],
      ['News', '/#news'],
      ['Events', '/#events'],
      ['Become a Member', '/membership'],
      ['Contribute', '/#contribution'],
    ]);
  });

  it('opens and closes the mobile menu with the toggle', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SiteHeader />);
    const toggle = screen.getByRole('button', { name: 'Open main menu' });

    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(mobileMenu().hidden).toBe(true);

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Close main menu');
    expect(mobileMenu().hidden).toBe(false);

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(mobileMenu().hidden).toBe(true);
  });

  it('closes the mobile menu when a link is chosen', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<SiteHeader />, { path: '/membership' });
    const toggle = screen.getByRole('button', { name: 'Open main menu' });

    await user.click(toggle);
    await user.click(within(mobileMenu()).getByRole('link', { name: 'About Us' }));

    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(mobileMenu().hidden).toBe(true);
    expect(location.history.at(-1)).toBe('/about');
  });

  it('closes the mobile menu on Escape and returns focus to the toggle', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SiteHeader />);
    const toggle = screen.getByRole('button', { name: 'Open main menu' });
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('goes to /#news from another page', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<SiteHeader />, { path: '/about' });
    await openMenu(user);
    await user.click(within(mobileMenu()).getByRole('link', { name: 'News' }));
    expect(location.history.at(-1)).toBe('/#news');
  });

  it('scrolls to the section instead of navigating when already on /', async () => {
    const user = userEvent.setup();
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    const { location } = renderWithProviders(
      <>
        <SiteHeader />
        <section id="events" tabIndex={-1} />
      </>,
    );
    await openMenu(user);
    await user.click(within(mobileMenu()).getByRole('link', { name: 'Events' }));

    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('events'));
    expect(location.history).toEqual(['/']);
  });
});
