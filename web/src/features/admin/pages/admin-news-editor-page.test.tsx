import type { AdminNewsArticle } from '@pillars/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { json, stubFetch } from '@/test/stub-fetch';
import { AdminNewsEditorPage } from './admin-news-editor-page';

const ID = '1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a01';
const stored: AdminNewsArticle = {
  id: ID,
  slug: 'creek-cleanup',
  title: 'Creek cleanup',
  excerpt: 'Volunteers cleared the creek.',
  content: 'First paragraph.\n\nSecond paragraph.',
  imageUrl: '/images/news/creek.svg',
  imageAlt: 'Volunteers in the creek',
  status: 'published',
  publishedAt: '2026-07-04T13:00:00.000Z',
  updatedAt: '2026-07-04T13:00:00.000Z',
};

const preview = () => within(screen.getByTestId('article-preview'));

describe('AdminNewsEditorPage', () => {
  it('previews the article as the public page shows it while it is typed, with the derived address', async () => {
    stubFetch({});
    renderWithProviders(<AdminNewsEditorPage id={null} />, { path: '/admin/news/new' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Spring Food Drive!');
    expect(preview().getByRole('heading', { level: 1 }).textContent).toBe('Spring Food Drive!');
    expect(document.body.textContent).toContain(
      'The article will be at /news/spring-food-drive. Leave empty to derive it from the title.',
    );
    await user.type(screen.getByRole('textbox', { name: 'Article' }), 'One.{Enter}{Enter}Two.');
    expect(Array.from(preview().getByTestId('article-body').querySelectorAll('p'), (p) => p.textContent)).toEqual([
      'One.',
      'Two.',
    ]);
  });

  it('asks for the alt text of an image before saving, and sends nothing', async () => {
    const fetchMock = stubFetch({});
    renderWithProviders(<AdminNewsEditorPage id={null} />, { path: '/admin/news/new' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Title');
    await user.type(screen.getByRole('textbox', { name: 'Summary' }), 'Summary');
    await user.type(screen.getByRole('textbox', { name: 'Article' }), 'Body');
    await user.type(screen.getByRole('textbox', { name: 'Image address' }), '/images/news/x.svg');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toContain('Please correct the fields marked below.');
    expect(alerts).toContain('Describe the image for people who cannot see it.');
    expect(screen.getByRole('textbox', { name: /Alt text/ }).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads a published article, shows its New York publication time, and Save keeps it published', async () => {
    const fetchMock = stubFetch({
      [`/api/admin/news/${ID}`]: json({ success: true, data: stored }),
    });
    renderWithProviders(<AdminNewsEditorPage id={ID} />, { path: `/admin/news/${ID}` });
    const when = await screen.findByLabelText('Publication date and time');
    expect((when as HTMLInputElement).value).toBe('2026-07-04T09:00');
    expect(document.body.textContent).toContain('In New York time (America/New_York)');
    expect(preview().getByRole('img', { name: 'Volunteers in the creek' }).getAttribute('src')).toMatch(/\S/);

    fetchMock.mockImplementationOnce(() =>
      Promise.resolve(Response.json({ success: true, data: { id: ID, slug: 'creek-cleanup' } })),
    );
    const user = userEvent.setup();
    // Its state, and the actions a published article has: Save and Unpublish, no "Save draft".
    const form = screen.getByRole('form', { name: 'Edit article' });
    expect(within(form).getByText('State:').parentElement?.textContent).toContain('Published');
    expect(within(form).queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Publish' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await screen.findByText('Article saved.')).textContent).toBe('Article saved.');
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(`/api/admin/news/${ID}`, expect.objectContaining({ method: 'PUT' })),
    );
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit | undefined][];
    const sent = calls.find(([, init]) => init?.method === 'PUT')?.[1]?.body;
    expect(typeof sent).toBe('string');
    expect(JSON.parse(sent as string)).toMatchObject({
      status: 'published',
      slug: 'creek-cleanup',
      publishedAt: '2026-07-04T13:00:00.000Z',
      imageAlt: 'Volunteers in the creek',
    });
  });

  it('asks before taking a published article offline, then saves it as a draft and says so', async () => {
    const fetchMock = stubFetch({ [`/api/admin/news/${ID}`]: json({ success: true, data: stored }) });
    renderWithProviders(<AdminNewsEditorPage id={ID} />, { path: `/admin/news/${ID}` });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unpublish' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Take this article offline?' });
    // Keeping it published sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep it published' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const puts = () =>
      (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][]).filter(([, i]) => i?.method === 'PUT');
    expect(puts()).toEqual([]);

    fetchMock.mockImplementationOnce(() =>
      Promise.resolve(Response.json({ success: true, data: { id: ID, slug: 'creek-cleanup' } })),
    );
    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Take this article offline?' })).getByRole('button', {
        name: 'Unpublish',
      }),
    );
    expect((await screen.findByText(/^Article unpublished/)).textContent).toBe(
      'Article unpublished: it is a draft and no longer on the public site.',
    );
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit | undefined][];
    const sent = calls.find(([, init]) => init?.method === 'PUT')?.[1]?.body;
    expect(JSON.parse(sent as string)).toMatchObject({ status: 'draft' });
    // Now a draft: Save draft and Publish.
    const form = screen.getByRole('form', { name: 'Edit article' });
    expect(within(form).getByText('State:').parentElement?.textContent).toContain('Draft');
    expect(within(form).getByRole('button', { name: 'Save draft' }).textContent).toBe('Save draft');
    expect(within(form).getByRole('button', { name: 'Publish' }).textContent).toBe('Publish');
  });

  it('publishes a draft article and says it is published', async () => {
    const fetchMock = stubFetch({
      [`/api/admin/news/${ID}`]: json({ success: true, data: { ...stored, status: 'draft' } }),
    });
    renderWithProviders(<AdminNewsEditorPage id={ID} />, { path: `/admin/news/${ID}` });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect((await screen.findByText(/^Article saved and/)).textContent).toBe('Article saved and published.');
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit | undefined][];
    const sent = calls.find(([, init]) => init?.method === 'PUT')?.[1]?.body;
    expect(JSON.parse(sent as string)).toMatchObject({ status: 'published' });
    expect(screen.getByRole('button', { name: 'Unpublish' }).textContent).toBe('Unpublish');
  });

  it('asks before deleting', async () => {
    stubFetch({ [`/api/admin/news/${ID}`]: json({ success: true, data: stored }) });
    renderWithProviders(<AdminNewsEditorPage id={ID} />, { path: `/admin/news/${ID}` });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this article?' });
    expect(within(dialog).getByRole('button', { name: 'Delete article' })).toHaveProperty('disabled', false);
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('saves a new draft and moves to its own address, where it says it was saved', async () => {
    const fetchMock = stubFetch({
      '/api/admin/news': json({ success: true, data: { id: ID, slug: 'a-draft' } }, 201),
    });
    const { location } = renderWithProviders(<AdminNewsEditorPage id={null} />, { path: '/admin/news/new' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'A draft');
    await user.type(screen.getByRole('textbox', { name: 'Summary' }), 'Summary');
    await user.type(screen.getByRole('textbox', { name: 'Article' }), 'Body');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(location.history.at(-1)).toBe(`/admin/news/${ID}?saved`));
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit | undefined][];
    expect(JSON.parse(calls[0]?.[1]?.body as string)).toMatchObject({ status: 'draft', publishedAt: null, slug: '' });
  });

  it('offers to schedule an article whose date is still to come', async () => {
    stubFetch({});
    renderWithProviders(<AdminNewsEditorPage id={null} />, { path: '/admin/news/new?saved' });
    // The image field has a status line of its own (its upload's progress).
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Article saved.');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Publication date and time'), '2999-01-01T09:00');
    expect(screen.getByRole('button', { name: 'Schedule' })).toHaveProperty('disabled', false);
  });
});
