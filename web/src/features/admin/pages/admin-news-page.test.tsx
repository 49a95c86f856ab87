import type { AdminNewsListItem } from '@pillars/contracts/admin';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { json, stubFetch } from '@/test/stub-fetch';
import { AdminNewsPage } from './admin-news-page';

const item = (n: number, extra: Partial<AdminNewsListItem>): AdminNewsListItem => ({
  id: `1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0${n}`,
  slug: `article-${n}`,
  title: `Article ${n}`,
  excerpt: `Summary ${n}`,
  status: 'published',
  publishedAt: '2026-01-15T14:00:00.000Z',
  updatedAt: '2026-01-15T14:00:00.000Z',
  ...extra,
});

describe('AdminNewsPage', () => {
  it('lists every article with its state and date, and an Edit link to its editor', async () => {
    stubFetch({
      '/api/admin/news': json({
        success: true,
        data: [
          item(1, { title: 'Next year', publishedAt: '2999-01-01T14:00:00.000Z' }),
          item(2, { title: 'Quiet draft', status: 'draft' }),
          item(3, { title: 'Out already' }),
        ],
      }),
    });
    renderWithProviders(<AdminNewsPage />, { path: '/admin/news' });
    const list = await screen.findByRole('list', { name: 'Articles' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual([
      'Next year',
      'Quiet draft',
      'Out already',
    ]);
    expect(rows[0]?.textContent).toContain('Scheduled');
    expect(rows[0]?.textContent).toContain('Scheduled for January 1, 2999 · 9:00 AM ET');
    expect(rows[1]?.textContent).toContain('Draft');
    expect(rows[1]?.textContent).toContain('Not published');
    expect(rows[2]?.textContent).toContain('Published January 15, 2026 · 9:00 AM ET');
    const edit = within(rows[1] as HTMLElement).getByRole('link', { name: 'Edit “Quiet draft”' });
    expect(edit.getAttribute('href')).toBe('/admin/news/1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a02');
    expect(screen.getByRole('link', { name: 'New article' }).getAttribute('href')).toBe('/admin/news/new');
  });

  it('searches by words and state', async () => {
    const fetchMock = stubFetch({
      '/api/admin/news': json({ success: true, data: [] }),
      '/api/admin/news?q=food+drive&status=draft': json({ success: true, data: [item(4, { status: 'draft' })] }),
    });
    renderWithProviders(<AdminNewsPage />, { path: '/admin/news' });
    await waitFor(() => expect(document.body.textContent).toContain('No articles yet. Write the first one.'));
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search titles and summaries' }), 'food drive');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'draft');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('heading', { name: /^Article/ })).textContent).toBe('Article 4');
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/news?q=food+drive&status=draft', expect.anything());
  });
});
