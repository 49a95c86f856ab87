import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { PUBLIC_CONFIG_DEFAULTS } from '@pillars/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS_DIR, VIEWPORTS, loadAllImages, useBrowser } from './browser';
import { Mailbox } from './mailbox';

// The first journey: a visitor opens the home page of the built app (seeded demo content),
// sees the hero and both carousels, follows a news card, and meets the 404 page.
const { newPage } = await useBrowser();
const admin = inject('e2eAdmin');
const mailbox = new Mailbox(inject('e2eMailboxDir'));

/** A summary card's figure on the dashboard, by the card's label. */
async function cardValue(page: Page, label: string): Promise<string> {
  const summary = page.getByRole('region', { name: 'Summary' });
  const term = summary.locator('dt').filter({ hasText: new RegExp(`^${label}$`) });
  return (await term.locator('xpath=following-sibling::dd[1]').textContent()) ?? '';
}

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

  it('an interest application is no membership: the Memberships card keeps its figure, it shows under its own filter, and both sides are e-mailed', async () => {
    const signedIn = await newPage();
    const dashboard = signedIn.page;
    await dashboard.goto('/login');
    await dashboard.getByLabel('Username').fill(admin.username);
    await dashboard.getByLabel(/^Password/).fill(admin.password);
    await dashboard.getByRole('button', { name: 'Sign In' }).click();
    await dashboard.waitForURL('**/admin');
    await dashboard.getByRole('region', { name: 'Summary' }).waitFor();
    const membershipsBefore = await cardValue(dashboard, 'Memberships');
    expect(membershipsBefore).toMatch(/^\d[\d,]*$/);

    const lastName = `Interest${randomUUID().slice(0, 6)}`;
    const email = `${lastName.toLowerCase()}@example.org`;
    const { page, errors } = await newPage();
    await page.goto('/#membership');
    const form = page.getByRole('form', { name: 'Membership interest form' });
    await form.getByLabel('First name').fill('Mercy');
    await form.getByLabel('Last name').fill(lastName);
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Message (optional)').fill('I would like to help with the newsletter.');
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/memberships') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Submit Application' }).click();
    expect((await posted).status()).toBe(201);
    await page.locator('li').filter({ hasText: 'Membership Application Submitted' }).waitFor();
    expect(errors).toEqual([]);

    // Both e-mails, from the worker's send-email jobs, in the dev mailbox.
    const ack = await mailbox.waitFor(email, /^We received your interest in .+ membership$/);
    expect(ack.text).toContain("We'll review your application and contact you soon.");
    const notice = await mailbox.waitFor(
      PUBLIC_CONFIG_DEFAULTS.contactEmail,
      new RegExp(`membership application from Mercy ${lastName}$`),
    );
    expect(notice.text).toContain(email);
    expect(notice.text).toContain('I would like to help with the newsletter.');

    await dashboard.reload();
    await dashboard.getByRole('region', { name: 'Summary' }).waitFor();
    expect(await cardValue(dashboard, 'Memberships')).toBe(membershipsBefore);
    const table = dashboard.getByRole('table', { name: /Contributors, donations/ });
    await dashboard.getByRole('combobox', { name: 'Filter by type' }).selectOption({ label: 'Membership Interest' });
    await dashboard.getByRole('searchbox', { name: 'Search contributors' }).fill(lastName);
    const row = table.getByRole('row').filter({ hasText: lastName });
    await row.waitFor();
    expect(await row.textContent()).toContain('Membership Interest');
    expect(await row.textContent()).toContain('$0.00');
    expect(await table.getByRole('row').filter({ hasText: lastName }).count()).toBe(1);
    await dashboard.getByRole('combobox', { name: 'Filter by type' }).selectOption({ label: 'Memberships' });
    await dashboard.getByText('No contributors found matching your search criteria.').waitFor();
    expect(await table.getByRole('row').filter({ hasText: lastName }).count()).toBe(0);
  });

  it('shows the 404 page for an unknown path', async () => {
    const { page, errors } = await newPage();
    const response = await page.goto('/no/such/page');
    // Server-rendered: a missing page answers 404 (docs/decisions/036).
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
