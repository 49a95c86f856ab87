import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { defaultPublicConfig } from '@/lib/public-config';
import { createQueryClient } from '@/lib/query-client';
import { json, stubFetch } from '@/test/stub-fetch';
import { App } from './app';

function renderAt(path: string) {
  stubFetch({ '/api/news': json([]), '/api/events': json([]) });
  const location = memoryLocation({ path });
  return render(
    <App
      queryClient={createQueryClient()}
      config={defaultPublicConfig}
      location={{ hook: location.hook, searchHook: location.searchHook }}
    />,
  );
}

const specRoutes = [
  '/',
  '/about',
  '/membership',
  '/login',
  '/forgot-password',
  '/reset-password?token=abc',
  '/success?type=contribution&amount=25.00',
  '/admin',
  '/admin/events',
  '/admin/contributors',
  '/admin/members',
  '/admin/audit-log',
  '/privacy-policy',
  '/news/memorial-day-tribute',
  '/events/flag-retirement-ceremony',
  '/events/flag-retirement-ceremony/payment/1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b',
];

describe('App routes', () => {
  it('shows the not-found page for an unknown path', () => {
    renderAt('/no-such-page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404 Page Not Found');
    expect(screen.getByRole('main').textContent).toContain('Did you forget to add the page to the router?');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it.each(specRoutes)('knows %s and renders it inside the layout', async (path) => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderAt(path);
    await waitFor(() => expect(screen.queryByText('Loading page…')).toBeNull(), { timeout: 8000 });
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
    expect(screen.queryAllByRole('banner')).toHaveLength(1);
    expect(screen.queryAllByRole('main')).toHaveLength(1);
    expect(screen.queryAllByRole('contentinfo')).toHaveLength(1);
  });

  it("builds the home page sections in the spec's order", async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderAt('/');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const ids = Array.from(document.querySelectorAll('main section[id]')).map((section) => section.id);
    expect(ids).toEqual(['news', 'events', 'contribution', 'membership', 'contact']);
    await waitFor(() =>
      expect(document.getElementById('news')?.textContent).toContain('No news yet. Check back soon.'),
    );
  });
});
