import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './axe';
import { type JourneyPage, horizontalOverflow, useBrowser } from './browser';

// An admin writes a paid event with two ticket types (one VIP) and two places, publishes it, and
// a visitor then finds it on the home page's carousel and at its address.
const { newPage } = await useBrowser();
const admin = inject('e2eAdmin');

async function signIn({ page }: JourneyPage) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel(/^Password/).fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin');
}

describe('events authoring', () => {
  it('creates and publishes a paid event with two tiers and capacity 2, then shows it to visitors', async () => {
    const journey = await newPage(375);
    const { page } = journey;
    await signIn(journey);
    await page.getByRole('link', { name: 'Manage Events' }).click();
    await page.waitForURL('**/admin/events/manage');
    await page.getByRole('link', { name: 'New event' }).click();
    await page.waitForURL('**/admin/events/manage/new');

    const title = `Liberty Supper ${randomUUID().slice(0, 6)}`;
    const form = page.getByRole('form', { name: 'Event editor' });
    await form.getByLabel(/^Title/).fill(title);
    const slug = title.toLowerCase().replace(/ /g, '-');
    await form.getByText(`/events/${slug}`).waitFor();
    await form.getByLabel(/^Starts/).fill('2030-07-04T18:00');
    await form.getByLabel(/^Ends/).fill('2030-07-04T21:30');
    await form.getByLabel(/^Location/).fill('Independence Hall, Philadelphia');
    await form.getByLabel('Registration requires payment').check();
    await form.getByLabel(/^Capacity/).fill('2');

    await form.getByRole('button', { name: 'Add ticket type' }).click();
    const general = form.getByRole('group', { name: /^Ticket type 1/ });
    await general.getByLabel(/^Name/).fill('General');
    await general.getByLabel(/^Price/).fill('25');
    await general.getByLabel(/^Benefits/).fill('A seat\nDinner');
    await form.getByRole('button', { name: 'Add ticket type' }).click();
    const patron = form.getByRole('group', { name: /^Ticket type 2/ });
    await patron.getByLabel(/^Name/).fill('Patron');
    await patron.getByLabel(/^Price/).fill('90');
    await patron.getByLabel('VIP (shown as POPULAR)').check();
    expect(await patron.getByLabel(/^Id/).inputValue()).toBe('vip');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await form.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/admin\/events\/manage\/[0-9a-f-]{36}$/);
    await page.getByText('Published', { exact: true }).first().waitFor();

    const visitor = await newPage();
    await visitor.page.goto('/');
    const card = visitor.page.locator('#events article').filter({ hasText: title });
    await card.waitFor({ state: 'attached' });
    expect(await card.getByRole('link', { name: 'Register Now' }).getAttribute('href')).toBe(`/events/${slug}`);

    await visitor.page.goto(`/events/${slug}`);
    await visitor.page.getByRole('heading', { level: 1, name: title }).waitFor();
    const registration = visitor.page.getByRole('form', { name: /registration/i });
    await registration.getByText('POPULAR').waitFor();
    expect(await registration.getByRole('radio').count()).toBe(2);
    expect(await visitor.page.getByText(/6:00 PM – 9:30 PM ET/).count()).toBeGreaterThan(0);
    expect(journey.errors.filter((e) => !e.includes('401 (Unauthorized)'))).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });

  it('has no serious accessibility violations on the list and the editor, errors shown', async () => {
    const journey = await newPage(1280, { bypassCSP: true });
    const { page } = journey;
    await signIn(journey);
    await page.goto('/admin/events/manage');
    await page.getByRole('table').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/admin/events/manage/new');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/fields need attention before saving/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
