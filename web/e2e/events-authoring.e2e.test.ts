import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { fillCardFields, horizontalOverflow, registerThroughApi, useBrowser, waitForPaymentSuccess } from './browser';
import { signInAsAdmin } from './routes';

// The event journey: an admin writes a paid event with two ticket types (one VIP), two
// places and an uploaded picture, and publishes it; visitors find it on the home page's carousel
// and at its address with the resized picture; two registrations fill it, a third visitor sees
// "Sold out", and the admin checks a registrant in at the door on a phone (docs/decisions/022, 025).
const { newPage, baseUrl } = await useBrowser();

/** A photo as a phone would take it: a 2400×1600 JPEG. */
const photo = () =>
  sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 20, g: 40, b: 90 } } })
    .jpeg()
    .toBuffer();

describe('events authoring', () => {
  it('publishes a paid event of two places with tiers and a picture; it fills, sells out, and a registrant is checked in', async () => {
    const journey = await newPage(375);
    const { page } = journey;
    await signInAsAdmin(journey);
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
    await form.getByLabel('Upload an image').setInputFiles({
      name: 'supper.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(),
    });
    await form.getByText('Image uploaded.').waitFor({ timeout: 30_000 });
    await form.getByLabel(/^Alt text/).fill('The long table set for supper');

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

    // At its address: the uploaded picture in responsive sizes, the tiers, the time in New York.
    await visitor.page.goto(`/events/${slug}`);
    await visitor.page.getByRole('heading', { level: 1, name: title }).waitFor();
    const picture = visitor.page.getByRole('img', { name: 'The long table set for supper' });
    expect(await picture.getAttribute('src')).toMatch(/^\/media\/[0-9a-f-]{36}\/\d+x\d+\.webp$/);
    expect(await picture.getAttribute('srcset')).toMatch(/480w.*960w.*1600w/);
    await visitor.page.getByText('Only 2 places left').waitFor();
    const registration = visitor.page.getByRole('form', { name: /registration/i });
    await registration.getByText('POPULAR').waitFor();
    expect(await registration.getByRole('radio').count()).toBe(2);
    expect(await visitor.page.getByText(/6:00 PM – 9:30 PM ET/).count()).toBeGreaterThan(0);

    // First place: Martha pays for the VIP ticket.
    await registration.getByLabel('First name').fill('Martha');
    await registration.getByLabel('Last name').fill('Washington');
    await registration.getByLabel('Email').fill(`martha-${slug}@example.org`);
    await registration.getByLabel('Phone').fill('555-010-1732');
    await registration.locator('label').filter({ hasText: 'Patron' }).click();
    await registration.getByRole('button', { name: 'Continue to Payment' }).click();
    await visitor.page.waitForURL(new RegExp(`/events/${slug}/payment/[0-9a-f-]{36}$`));
    await visitor.page.getByRole('form', { name: 'Event payment form' }).waitFor();
    await fillCardFields(visitor.page);
    await visitor.page.getByRole('button', { name: 'Pay $90.00' }).click();
    await waitForPaymentSuccess(visitor.page, /\/success\?type=event&amount=90\.00/);

    // Second place: another registration, made the way the page makes it; it holds the last place.
    await registerThroughApi(
      baseUrl,
      slug,
      { firstName: 'Abigail', lastName: 'Adams', email: `abigail-${slug}@example.org`, phone: '555-010-1776' },
      (tiers) => tiers.find((tier) => tier.id !== 'vip')?.id,
    );

    // A third visitor finds it sold out: no form to fill, the calendar file still offered.
    const third = await newPage(375);
    await third.page.goto(`/events/${slug}`);
    await third.page.getByText('This event is sold out.').waitFor();
    expect(await third.page.getByRole('form', { name: /registration/i }).count()).toBe(0);
    expect(await third.page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(
      `/api/events/${slug}/calendar.ics`,
    );

    // At the door, on the phone: the admin finds Martha by name and checks her in.
    await page.goto('/admin/events');
    const section = page.getByRole('region', { name: 'Check-in at the door' });
    const button = section.getByRole('button', { name: 'Check in Martha Washington' });
    // Paid by the worker: the result offers the button once the page shows it paid.
    await expect
      .poll(
        async () => {
          await page.reload();
          await section.getByRole('searchbox', { name: 'Find a registrant by name or e-mail' }).fill('martha wash');
          // The door search asks the server after a pause in typing.
          return button.waitFor({ timeout: 3_000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await button.click();
    await section.getByRole('status').filter({ hasText: 'Martha Washington checked in' }).waitFor();
    expect(journey.errors.filter((e) => !e.includes('401 (Unauthorized)'))).toEqual([]);
    expect(visitor.errors).toEqual([]);
    expect(third.errors).toEqual([]);
  });

  it('has no serious accessibility violations on the list and the editor, errors shown', async () => {
    const journey = await newPage(1280, { bypassCSP: true });
    const { page } = journey;
    await signInAsAdmin(journey);
    await page.goto('/admin/events/manage');
    await page.getByRole('table').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/admin/events/manage/new');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/fields need attention before saving/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
