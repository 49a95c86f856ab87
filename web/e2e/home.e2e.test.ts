import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, VIEWPORTS, loadAllImages, useBrowser } from './browser';

// The first journey: a visitor opens the home page of the built app (seeded demo content),
// sees the hero and both carousels, follows a news card, and meets the 404 page.
const { newPage } = await useBrowser();

describe('home page', () => {
  it('shows the hero, a news card and an event card, and a news card leads to its article', async () => {
    const { page, errors } = await newPage();
    await page.goto('/');

    const hero = page.getByRole('heading', { level: 1 });
    expect(await hero.textContent()).toContain('Honoring');
    expect(['Freedom', 'Sacrifice', 'Unity']).toContain(await page.getByTestId('hero-word').textContent());
    await page.getByRole('link', { name: 'Become Member' }).waitFor();
    await page.getByRole('link', { name: 'Contribute Now' }).waitFor();

    const news = page.locator('#news');
    expect(await news.getByRole('heading', { level: 2 }).textContent()).toBe('Latest News');
    const newsCard = news.locator('article').first();
    await newsCard.waitFor();
    expect(await newsCard.textContent()).toMatch(/[A-Z][a-z]+ \d{1,2}, \d{4}.*\d{1,2}:\d{2} [AP]M/);
    await newsCard.getByRole('link', { name: 'Read More' }).waitFor();

    const events = page.locator('#events');
    expect(await events.getByRole('heading', { level: 2 }).textContent()).toBe('Upcoming Events');
    const eventCard = events.locator('article').first();
    await eventCard.waitFor();
    expect(await eventCard.textContent()).toMatch(/\d{1,2}:\d{2} [AP]M ET/);
    expect(await eventCard.getByRole('link', { name: 'Register Now' }).getAttribute('href')).toMatch(
      /^\/events\/[a-z0-9-]+$/,
    );

    const title = newsCard.getByRole('heading', { level: 3 }).getByRole('link');
    const href = await title.getAttribute('href');
    expect(href).toMatch(/^\/news\/[a-z0-9-]+$/);
    await title.click();
    await page.waitForURL(`**${href ?? ''}`);
    await page.getByRole('banner').waitFor();
    expect(errors).toEqual([]);
  });

  it('sends a membership application from the home page, then thanks and resets the form', async () => {
    const { page, errors } = await newPage();
    await page.goto('/#membership');
    const form = page.getByRole('form', { name: 'Membership interest form' });
    await form.getByLabel('First name').fill('John');
    await form.getByLabel('Last name').fill('Hancock');
    await form.getByLabel('Email').fill('john.hancock@example.org');
    await form.getByLabel('Message (optional)').fill('I would like to help organise events.');
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/memberships') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Submit Application' }).click();
    expect((await posted).status()).toBe(201);

    const toast = page.locator('li').filter({ hasText: 'Membership Application Submitted' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain(
      "Thank you for your interest! We'll review your application and contact you soon.",
    );
    expect(await form.getByLabel('First name').inputValue()).toBe('');
    expect(errors).toEqual([]);
  });

  it('shows the 404 page for an unknown path', async () => {
    const { page, errors } = await newPage();
    const response = await page.goto('/no/such/page');
    // Server-rendered since issue 14: a missing page answers 404 (docs/decisions/036).
    expect(response?.status()).toBe(404);
    await page.getByText('404 Page Not Found').waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    // The browser logs the document's own 404; nothing else may appear.
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
  });

  it.each(VIEWPORTS)('fits a $width px wide screen without horizontal scrolling', async ({ name, width }) => {
    const { page, errors } = await newPage(width);
    await page.goto('/');
    await page.locator('#news article').first().waitFor();
    await page.locator('#events article').first().waitFor();
    // A string, because this program is type-checked for Node, not the DOM.
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await loadAllImages(page);
    await page.screenshot({ path: join(ARTIFACTS_DIR, `home-${name}-${width}.png`), fullPage: true });
    expect(errors).toEqual([]);
  });
});
