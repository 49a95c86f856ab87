import { randomUUID } from 'node:crypto';
import { createDatabase, eventPlaces, events } from '@pillars/shared/db';
import { afterAll, expect, inject, it } from 'vitest';
import {
  type JourneyPage,
  apiJson,
  fillCardFields,
  horizontalOverflow,
  useBrowser,
  waitForPaymentSuccess,
} from './browser';

// Issue 12's capacity journey (docs/decisions/022): an event with two ticket types (one VIP) and
// two places fills up, a third visitor sees "Sold out", and the admin checks a registrant in at
// the door by searching the name on a phone. The event is written straight to the database until
// the admin event editor can create it.
const { newPage, baseUrl } = await useBrowser();
const admin = inject('e2eAdmin');
const database = createDatabase(inject('e2eDatabaseUrl'), { max: 1 });
afterAll(() => database.pool.end());

const slug = `capacity-gala-${randomUUID().slice(0, 8)}`;
const tiers = [
  { id: 'general', name: 'General Admission', price: 4500, description: 'Entry', benefits: ['Seat'] },
  { id: 'vip', name: 'VIP Pass', price: 12500, description: 'Front rows', benefits: ['Dinner'] },
];
const start = new Date(Date.now() + 14 * 86_400_000);
const [event] = await database.db
  .insert(events)
  .values({
    slug,
    title: 'Capacity Gala',
    location: 'Independence Hall',
    startDate: start,
    endDate: new Date(start.getTime() + 3 * 3_600_000),
    requiresPayment: true,
    pricingTiers: JSON.stringify(tiers),
    capacity: 2,
  })
  .returning({ id: events.id });
if (!event) throw new Error('no event');
await database.db.insert(eventPlaces).values([
  { eventId: event.id, tierId: '', capacity: 2 },
  { eventId: event.id, tierId: 'vip', capacity: 1 },
]);

async function signIn({ page }: JourneyPage) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel(/^Password/).fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin');
}

it('fills an event of two places, shows Sold out to the third, and checks a registrant in at the door', async () => {
  // First place: Martha pays for a VIP pass on the event page and the payment page.
  const journey = await newPage();
  const { page } = journey;
  await page.goto(`/events/${slug}`);
  await page.getByText('Only 2 places left').waitFor();
  const form = page.getByRole('form', { name: /registration/i });
  await form.getByLabel('First name').fill('Martha');
  await form.getByLabel('Last name').fill('Washington');
  await form.getByLabel('Email').fill('martha@example.org');
  await form.getByLabel('Phone').fill('555-010-1732');
  await form.locator('label').filter({ hasText: 'VIP Pass' }).click();
  await form.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.waitForURL(new RegExp(`/events/${slug}/payment/[0-9a-f-]{36}$`));
  await page.getByRole('form', { name: 'Event payment form' }).waitFor();
  await fillCardFields(page);
  await page.getByRole('button', { name: 'Pay $125.00' }).click();
  await waitForPaymentSuccess(page, /\/success\?type=event&amount=125\.00/);

  // Second place: another registration, made the way the page makes it; it holds the last place.
  await apiJson(baseUrl, `/api/events/${slug}/register`, {
    method: 'POST',
    headers: { 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      eventId: event.id,
      firstName: 'Abigail',
      lastName: 'Adams',
      email: 'abigail@example.org',
      phone: '555-010-1776',
      selectedTier: 'general',
    }),
  });

  // A third visitor finds the event sold out: no form to fill.
  const third = await newPage(375);
  await third.page.goto(`/events/${slug}`);
  await third.page.getByText('This event is sold out.').waitFor();
  expect(await third.page.getByRole('form', { name: /registration/i }).count()).toBe(0);
  expect(await third.page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(
    `/api/events/${slug}/calendar.ics`,
  );

  // At the door, on a phone: the admin finds Martha by name and checks her in.
  const door = await newPage(375);
  await signIn(door);
  await door.page.goto('/admin/events');
  const section = door.page.getByRole('region', { name: 'Check-in at the door' });
  await section.getByRole('searchbox', { name: 'Find a registrant by name or e-mail' }).fill('martha wash');
  const button = section.getByRole('button', { name: 'Check in Martha Washington' });
  // Paid by the worker: the result offers the button once the page shows it paid.
  await expect
    .poll(
      async () => {
        if (await button.isVisible()) return true;
        await door.page.reload();
        await section.getByRole('searchbox').fill('martha wash');
        return button.isVisible();
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
  const box = await button.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(await horizontalOverflow(door.page)).toBeLessThanOrEqual(0);
  await button.click();
  await section.getByRole('status').filter({ hasText: 'Martha Washington checked in' }).waitFor();
  expect(await door.page.evaluate('document.activeElement?.textContent')).toBe('Checked in');
  expect(journey.errors).toEqual([]);
  expect(third.errors).toEqual([]);
  // The login page's signed-out check answers 401 by design (GET /api/auth/me).
  expect(door.errors.filter((e) => !e.includes('401 (Unauthorized)'))).toEqual([]);
});
