import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { AboutPage } from './about-page';
import { paragraphs } from '@/test/screen-text';

describe('AboutPage', () => {
  it("names the organisation in the only h1 and states the spec's mission", async () => {
    document.title = 'Site';
    renderWithProviders(<AboutPage />, { path: '/about', config: { orgName: 'Liberty Pillars' } });
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings.map((h) => h.textContent)).toEqual(['About Liberty Pillars']);
    expect(paragraphs()).toContain(
      'Liberty Pillars equips everyday Americans to become their strongest, most purpose-driven selves through the 7 Pillars of a Patriot, so they can defend freedom, lead with faith and transform their communities and country.',
    );
    await waitFor(() => expect(document.title).toBe('About Us | Liberty Pillars'));
  });

  it('has the mission, what we stand for and the vision as sections', () => {
    renderWithProviders(<AboutPage />, { path: '/about' });
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual(['Our Mission', 'What We Stand For', 'Our Vision', 'Join the Movement']);
  });

  it('lists the 7 Pillars of a Patriot', () => {
    renderWithProviders(<AboutPage />, { path: '/about' });
    const pillars = screen.getByRole('region', { name: 'What We Stand For' });
    expect(paragraphs(pillars)).toContain('The 7 Pillars of a Patriot');
    const items = within(pillars).getAllByRole('listitem');
    expect(items).toHaveLength(7);
    expect(
      within(pillars)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Faith', 'Strength', 'Knowledge', 'Service', 'Leadership', 'Sacrifice', 'Community']);
  });

  it('has join buttons to the membership and events sections of the home page', () => {
    renderWithProviders(<AboutPage />, { path: '/about' });
    expect(screen.getByRole('link', { name: 'Become a Member' }).getAttribute('href')).toBe('/#membership');
    expect(screen.getByRole('link', { name: 'Attend an Event' }).getAttribute('href')).toBe('/#events');
  });
});
