import { act, screen } from '@testing-library/react';
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
    expect(group).toBeDefined();
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

  it('uses the spec’s tooltip delays', () => {
    expect(TOOLTIP_OPEN_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  });

  it('explains on keyboard focus that the share opens a new window', async () => {
    renderWithProviders(<ShareButtons title="Flag Day" label="Share this article" />);
    const button = screen.getByRole('button', { name: 'Share on LinkedIn' });
    act(() => button.focus());
    expect((await screen.findAllByText('Opens LinkedIn in a new window')).length).toBeGreaterThan(0);
  });
});
