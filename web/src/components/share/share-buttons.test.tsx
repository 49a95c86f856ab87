import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@/components/ui/tooltip';
import { renderWithProviders } from '@/test/render-with-providers';
import { ShareButtons } from './share-buttons';

describe('ShareButtons', () => {
  it('opens each network in a new window with the page on the canonical host', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    renderWithProviders(<ShareButtons title="Flag Day" label="Share this article" />, {
      config: { publicUrl: 'https://pillars.example.org' },
    });

    const group = screen.getByRole('group', { name: 'Share this article' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Share on LinkedIn', 'Share on WhatsApp', 'Share on Telegram']);
    await user.click(screen.getByRole('button', { name: 'Share on LinkedIn' }));
    await user.click(screen.getByRole('button', { name: 'Share on WhatsApp' }));
    await user.click(screen.getByRole('button', { name: 'Share on Telegram' }));

    const page = encodeURIComponent(`https://pillars.example.org${window.location.pathname}`);
    expect(open.mock.calls.map((call) => call[0])).toEqual([
      `https://www.linkedin.com/sharing/share-offsite/?url=${page}`,
      `https://wa.me/?text=Flag%20Day%20${page}`,
      `https://t.me/share/url?url=${page}&text=Flag%20Day`,
    ]);
    for (const call of open.mock.calls) {
      expect(call[1]).toBe('_blank');
      expect(call[2]).toContain('noopener');
    }
  });

  it('opens the tooltip after the spec’s 700 ms on hover, and within 300 ms of one closing the next opens at once', () => {
    vi.useFakeTimers();
    renderWithProviders(<ShareButtons title="Flag Day" label="Share this article" />);
    const tooltips = () => screen.queryAllByRole('tooltip').map((tooltip) => tooltip.textContent);

    const button = (name: string) => screen.getByRole('button', { name });
    const advance = (ms: number) => {
      act(() => {
        vi.advanceTimersByTime(ms);
      });
    };
    const hover = (name: string) => fireEvent.pointerMove(button(name), { pointerType: 'mouse' });
    hover('Share on LinkedIn');
    advance(TOOLTIP_OPEN_DELAY_MS - 1);
    expect(tooltips()).toEqual([]);
    advance(1);
    expect(tooltips()).toEqual(['Opens LinkedIn in a new window']);

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(tooltips()).toEqual([]);
    advance(TOOLTIP_SKIP_DELAY_MS - 1);
    hover('Share on WhatsApp');
    expect(tooltips()).toEqual(['Opens WhatsApp in a new window']);
  });

  it('explains on keyboard focus that the share opens a new window', async () => {
    renderWithProviders(<ShareButtons title="Flag Day" label="Share this article" />);
    const button = screen.getByRole('button', { name: 'Share on LinkedIn' });
    act(() => button.focus());
    expect((await screen.findAllByText('Opens LinkedIn in a new window')).length).toBeGreaterThan(0);
  });
});
