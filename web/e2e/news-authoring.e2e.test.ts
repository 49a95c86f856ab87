import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { horizontalOverflow, useBrowser } from './browser';
import { signInAsAdmin } from './routes';

// The news journey: an article saved as draft is not public, published it is, and
// its slug changed keeps the old URL working. The admin writes it on a 375 px phone.
const { newPage } = await useBrowser();

/** What a signed-out reader sees at `path`: the article's title, or 'Article Not Found'. */
async function readerSees(path: string): Promise<{ url: string; heading: string }> {
  const { page } = await newPage();
  await page.goto(path);
  const heading = page.getByRole('heading', { level: 1 });
  await heading.waitFor();
  const text = (await heading.textContent()) ?? '';
  const url = new URL(page.url()).pathname;
  await page.context().close();
  return { url, heading: text };
}

describe('writing the news', () => {
  it('keeps a draft private, publishes it, keeps it public on Save and its old address after a new slug, and unpublishes it only when asked', async () => {
    const journey = await newPage(375, { bypassCSP: true });
    const { page } = journey;
    await signInAsAdmin(journey);
    await page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'News' }).click();
    await page.waitForURL('**/admin/news');
    await page.getByRole('link', { name: 'New article' }).click();
    await page.waitForURL('**/admin/news/new');

    const title = `Volunteers Rebuild the Porch ${Date.now()}`;
    const slug = title.toLowerCase().replace(/ /g, '-');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByText(`The article will be at /news/${slug}.`).waitFor();
    await page.getByLabel('Summary').fill('Twelve volunteers gave a veteran a porch he can use again.');
    await page.getByLabel('Article', { exact: true }).fill('The work began at dawn.\n\nBy noon the porch was done.');
    await page.getByLabel('Image address').fill('/images/news/memorial-day-tribute.svg');
    await page.getByLabel(/^Alt text/).fill('Volunteers on a freshly painted porch');
    const preview = page.getByTestId('article-preview');
    expect(await preview.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/admin\/news\/[0-9a-f-]{36}\?saved$/);
    await page.getByRole('status').filter({ hasText: 'Article saved.' }).waitFor();
    expect(await readerSees(`/news/${slug}`)).toEqual({ url: `/news/${slug}`, heading: 'Article Not Found' });

    const form = page.getByRole('form', { name: 'Edit article' });
    expect(await form.getByText('State:').locator('..').textContent()).toContain('Draft');
    await form.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Article saved and published.' }).waitFor();
    expect(await readerSees(`/news/${slug}`)).toEqual({ url: `/news/${slug}`, heading: title });
    expect(await form.getByText('State:').locator('..').textContent()).toContain('Published');

    // Save on a published article keeps it published (there is no "Save draft" any more).
    expect(await form.getByRole('button', { name: 'Save draft' }).count()).toBe(0);
    const newSlug = `${slug}-renamed`;
    await page.getByLabel('Address (slug)').fill(newSlug);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Article saved.' }).waitFor();
    expect(await readerSees(`/news/${slug}`)).toEqual({ url: `/news/${newSlug}`, heading: title });

    await page.goto('/admin/news');
    const row = page.getByRole('listitem').filter({ hasText: title });
    expect(await row.textContent()).toContain('Published');

    // Unpublish asks first; keeping it changes nothing, confirming takes it offline and says so.
    await row.getByRole('link', { name: `Edit “${title}”` }).click();
    await page.waitForURL(/\/admin\/news\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Unpublish' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Take this article offline?' });
    await dialog.getByRole('button', { name: 'Keep it published' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await readerSees(`/news/${newSlug}`)).toEqual({ url: `/news/${newSlug}`, heading: title });
    await page.getByRole('button', { name: 'Unpublish' }).click();
    await dialog.getByRole('button', { name: 'Unpublish' }).click();
    await page.getByRole('status').filter({ hasText: 'Article unpublished' }).waitFor();
    expect(await readerSees(`/news/${newSlug}`)).toEqual({ url: `/news/${newSlug}`, heading: 'Article Not Found' });
    expect(journey.errors.filter((e) => !e.includes('401 (Unauthorized)'))).toEqual([]);
  });
});
