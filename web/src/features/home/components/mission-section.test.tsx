import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { MissionSection } from './mission-section';

describe('MissionSection', () => {
  it('shows all 7 Pillars of a Patriot, in order', () => {
    renderWithProviders(<MissionSection />);
    const section = screen.getByRole('region', { name: 'The 7 Pillars of a Patriot' });
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Faith', 'Strength', 'Knowledge', 'Service', 'Leadership', 'Sacrifice', 'Community']);
  });
});
