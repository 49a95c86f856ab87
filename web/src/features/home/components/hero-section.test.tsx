import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { HeroSection } from './hero-section';

/** Moves fake time forward inside act(), so React applies the resulting state updates. */
function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('HeroSection', () => {
  it('reads as one steady headline and rotates the visible word', () => {
    vi.useFakeTimers();
    renderWithProviders(<HeroSection />);

    expect(screen.queryAllByRole('heading', { level: 1, name: 'Honoring Freedom, Sacrifice and Unity' })).toHaveLength(
      1,
    );
    const word = () => screen.getByTestId('hero-word').textContent;
    expect(word()).toBe('Freedom');
    advance(2500);
    expect(word()).toBe('Sacrifice');
    advance(2500);
    expect(word()).toBe('Unity');
    advance(2500);
    expect(word()).toBe('Freedom');
  });

  it('states the mission with the organisation name and offers both calls to action', () => {
    renderWithProviders(<HeroSection />, { config: { orgName: 'Liberty Trust' } });
    expect(document.body.textContent).toContain(
      'Liberty Trust equips everyday Americans to become their strongest, most purpose-driven selves through the 7 Pillars of a Patriot, so they can defend freedom, lead with faith and transform their communities and country.',
    );
    expect(screen.getByRole('link', { name: 'Become Member' }).getAttribute('href')).toBe('/membership');
    expect(screen.getByRole('link', { name: 'Contribute Now' }).getAttribute('href')).toBe('/#contribution');
  });

  it('has a labelled Pause/Play button that stops and restarts the word', () => {
    vi.useFakeTimers();
    renderWithProviders(<HeroSection />);
    const word = () => screen.getByTestId('hero-word').textContent;
    advance(2500);
    expect(word()).toBe('Sacrifice');

    act(() => screen.getByRole('button', { name: 'Pause the rotating word' }).click());
    advance(10_000);
    expect(word()).toBe('Sacrifice');

    act(() => screen.getByRole('button', { name: 'Play the rotating word' }).click());
    advance(2500);
    expect(word()).toBe('Unity');
    expect(screen.queryAllByRole('button', { name: 'Pause the rotating word' })).toHaveLength(1);
  });

  it('under prefers-reduced-motion shows the first word only, and Play starts it on request', () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(prefers-reduced-motion: reduce)',
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      })),
    );
    renderWithProviders(<HeroSection />);
    const word = () => screen.getByTestId('hero-word').textContent;
    expect(word()).toBe('Freedom');
    advance(10_000);
    expect(word()).toBe('Freedom');
    expect(vi.getTimerCount()).toBe(0);

    act(() => screen.getByRole('button', { name: 'Play the rotating word' }).click());
    advance(2500);
    expect(word()).toBe('Sacrifice');
  });
});
