import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { contribute, horizontalOverflow, paidRegistrationPath, useBrowser } from './browser';
import { signInAsAdmin } from './routes';

// The dashboard's table fits the screen (docs/decisions/032): at 1280 px every column and control is
// in view without scrolling, at 375 px the table scrolls inside its labelled, focusable region and
// each header and button can be brought fully into view there; a long e-mail address wraps at its
// @ and dots, not one character per line. A failed load says what to do, with the raw answer behind
// a disclosure. axe is injected as an inline script, so these pages open with the CSP bypassed.
const { newPage, baseUrl } = await useBrowser();

const CAPTION = 'Contributors, donations, memberships and event registrations';
/** The dashboard's calls: the page of rows and the summary cards (and the unparameterised list). */
const CONTRIBUTOR_CALLS = /\/api\/admin\/contributors(\/(page|summary))?(\?|$)/;
const LONG_EMAIL = 'benjamin.franklin@library-company.example.org';

/** The signed-out checks of the app answer 401 by design; the error journey's 500 is ours. */
const pageErrors = (errors: string[]) => errors.filter((e) => !/ (401|500) /.test(e));

type Box = { text: string; left: number; right: number; top: number; bottom: number; overflowX: number };
type Cell = Box & { cellLeft: number; cellRight: number };
type Layout = {
  viewport: number;
  region: { left: number; right: number; top: number; bottom: number; scrollWidth: number; clientWidth: number };
  headers: Box[];
  buttons: Cell[];
  emailLines: number;
};

/**
 * Measures the table in the page. With `scroll`, each header and button is first scrolled into view
 * (inside the region and the page) the way a keyboard user's focus would, and measured there.
 * A string, because this program is type-checked for Node, not the DOM.
 */
function measure(page: Page, scroll: boolean): Promise<Layout> {
  return page.evaluate<Layout>(`(() => {
    const table = [...document.querySelectorAll('table')].find((t) => t.caption?.textContent === ${JSON.stringify(CAPTION)});
    const region = table.closest('[role="region"]');
    const box = (el) => {
      if (${scroll}) el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
      const b = el.getBoundingClientRect();
      return { text: el.textContent.trim(), left: b.left, right: b.right, top: b.top, bottom: b.bottom,
        overflowX: el.scrollWidth - el.clientWidth };
    };
    const headers = [...table.tHead.rows[0].cells].map(box);
    const buttons = [...table.tBodies[0].querySelectorAll('button')].map((button) => {
      const measured = box(button);
      const cell = button.closest('td').getBoundingClientRect();
      return { ...measured, cellLeft: cell.left, cellRight: cell.right };
    });
    const email = [...table.querySelectorAll('td span')].find((s) => s.textContent === ${JSON.stringify(LONG_EMAIL)});
    const r = region.getBoundingClientRect();
    return {
      viewport: window.innerWidth,
      region: { left: r.left, right: r.right, top: r.top, bottom: r.bottom,
        scrollWidth: region.scrollWidth, clientWidth: region.clientWidth },
      headers, buttons,
      // The lines an inline element spans: its client rects (one per text run) at distinct heights.
      emailLines: email ? new Set([...email.getClientRects()].map((r) => Math.round(r.top))).size : -1,
    };
  })()`);
}

/** Boxes sticking out of the region or the viewport, or whose content is cut inside them. */
function clipped(layout: Layout, boxes: Box[]): string[] {
  const edge = 0.5;
  return boxes
    .filter(
      (b) =>
        b.left < Math.max(layout.region.left, 0) - edge ||
        b.right > Math.min(layout.region.right, layout.viewport) + edge ||
        b.overflowX > 0,
    )
    .map((b) => `${b.text} [${Math.round(b.left)}, ${Math.round(b.right)}] overflow ${b.overflowX}`);
}

/** The dashboard at `width`, signed in, once the record with the long address is in the table. */
async function dashboardAt(width: number) {
  const journey = await newPage(width, { bypassCSP: true });
  await signInAsAdmin(journey);
  const region = journey.page.getByRole('region', { name: CAPTION });
  await region.getByText(LONG_EMAIL).waitFor();
  return { journey, page: journey.page, region };
}

/**
 * What the table promises at every width: each header and button whole, the buttons of a paid
 * and a pending record there, the long address in one to three lines, the page no wider than the
 * screen, no serious accessibility violation and no page error.
 */
async function expectWholeTable({ journey, page }: Awaited<ReturnType<typeof dashboardAt>>, layout: Layout) {
  expect(clipped(layout, layout.headers)).toEqual([]);
  expect(layout.buttons.map((b) => b.text)).toEqual(
    expect.arrayContaining(['Confirm', 'Payment details (Abigail Adams)']),
  );
  expect(clipped(layout, layout.buttons)).toEqual([]);
  expect(layout.emailLines).toBeGreaterThanOrEqual(1);
  expect(layout.emailLines).toBeLessThanOrEqual(3);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  expect(pageErrors(journey.errors)).toEqual([]);
}

describe('the dashboard table fits the screen', () => {
  // Records to show: a paid contribution, and a pending record with a long e-mail address.
  beforeAll(async () => {
    // A paid contribution: its row has the widest action button, "Payment details".
    await contribute((await newPage()).page, {
      amount: '17.76',
      firstName: 'Abigail',
      lastName: 'Adams',
      email: 'abigail.adams@braintree.example.org',
      phone: '555-010-1744',
    });
    await paidRegistrationPath(baseUrl, {
      firstName: 'Benjamin',
      lastName: 'Franklin',
      email: LONG_EMAIL,
      phone: '555-010-1706',
    });
  });

  it('at 1280 px shows every column and control without scrolling, and the long address in at most 3 lines', async () => {
    const dashboard = await dashboardAt(1280);
    const layout = await measure(dashboard.page, false);
    expect(layout.region.scrollWidth).toBeLessThanOrEqual(layout.region.clientWidth);
    expect(layout.headers.map((h) => h.text)).toEqual([
      '',
      'Name',
      'Email',
      'Phone',
      'Type',
      'Amount',
      'Status',
      'Transaction ID',
      'Details',
      'Date',
      'Actions',
    ]);
    // Each button inside its cell.
    expect(layout.buttons.filter((b) => b.right > b.cellRight + 0.5 || b.left < b.cellLeft - 0.5)).toEqual([]);
    await expectWholeTable(dashboard, layout);
  });

  it('at 375 px scrolls the table inside its labelled region, by keyboard too, with every control reachable whole', async () => {
    const dashboard = await dashboardAt(375);
    const { page, region } = dashboard;
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The region takes focus and scrolls with the arrow keys.
    await region.focus();
    expect(await page.evaluate<string | null>(`document.activeElement?.getAttribute('role') ?? null`)).toBe('region');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate<number>(`document.activeElement.scrollLeft`)).toBeGreaterThan(0);

    const layout = await measure(page, true);
    expect(layout.region.scrollWidth).toBeGreaterThan(layout.region.clientWidth);
    expect(layout.headers).toHaveLength(11);
    await expectWholeTable(dashboard, layout);
  });

  it('at 375 px keeps the sub-pages inside the screen: card lists with long addresses, the events table in its region', async () => {
    const journey = await newPage(375, { bypassCSP: true });
    const { page } = journey;
    await signInAsAdmin(journey);
    for (const [path, heading, shown] of [
      ['/admin/events', 'Event Registrations', LONG_EMAIL],
      ['/admin/contributors', 'Contributors', 'abigail.adams@braintree.example.org'],
      ['/admin/members', 'Members', null],
      ['/admin/events/manage', 'Manage Events', null],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      if (shown)
        await page
          .getByRole('link', { name: new RegExp(shown.replace(/\./g, '\\.')) })
          .first()
          .waitFor();
      else await page.waitForLoadState('networkidle');
      if (path === '/admin/events/manage') await page.getByRole('region', { name: 'Events, upcoming first' }).waitFor();
      expect({ path, overflow: Math.max(0, await horizontalOverflow(page)) }).toEqual({ path, overflow: 0 });
      expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
    }
    expect(pageErrors(journey.errors)).toEqual([]);
  });

  for (const width of [1280, 375]) {
    it(`at ${width} px says what to do when the list fails to load, shows the raw answer on request, and tries again`, async () => {
      const journey = await newPage(width, { bypassCSP: true });
      const { page } = journey;
      await page.route(CONTRIBUTOR_CALLS, (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"db down"}' }),
      );
      await signInAsAdmin(journey);
      const alert = page.getByRole('alert').filter({ hasText: 'Error loading contributors' });
      await alert.waitFor();
      expect(await alert.textContent()).toBe(
        "Error loading contributors: 500: db downWe couldn't load the contributors. Check your connection and try again.",
      );

      // The raw answer is one keyboard press away, not in the sentence.
      const summary = page.getByText('Technical details');
      await summary.focus();
      await page.keyboard.press('Enter');
      await page.getByText('HTTP 500 {"error":"db down"}').waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);

      await page.unroute(CONTRIBUTOR_CALLS);
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('region', { name: CAPTION }).getByText(LONG_EMAIL).waitFor();
      expect(await alert.count()).toBe(0);
      expect(pageErrors(journey.errors)).toEqual([]);
    });
  }
});

// Paging, "select all matching" and the export at scale (docs/decisions/031, 033): the journey finds
// its own records by a search, pages through them by cursor, selects every match before all of
// them are loaded, e-mails them and downloads the server's CSV, with the table's columns and
// controls whole at both widths. After the tests above: its records are the newest.
const PAGED = 60;
const PAGED_DOMAIN = 'pager.example.org';

/** Buttons of the dashboard's working area outside the table: each inside the screen, content whole. */
function panelControls(page: Page): Promise<Box[]> {
  return page.evaluate<Box[]>(`(() => {
    const region = [...document.querySelectorAll('[role="region"]')].find((r) => r.querySelector('caption')?.textContent === ${JSON.stringify(CAPTION)});
    const section = region.closest('section');
    return [...section.querySelectorAll('button')].filter((b) => !region.contains(b)).map((el) => {
      const b = el.getBoundingClientRect();
      return { text: el.textContent.trim(), left: b.left, right: b.right, top: b.top, bottom: b.bottom,
        overflowX: el.scrollWidth - el.clientWidth };
    });
  })()`);
}

describe('the dashboard pages through the matching rows, selects all of them, e-mails and exports them', () => {
  // More registrations to page through than fit on a page.
  beforeAll(async () => {
    for (let i = 0; i < PAGED; i += 1) {
      const n = String(i).padStart(2, '0');
      await paidRegistrationPath(baseUrl, {
        firstName: 'Paged',
        lastName: `Guest ${n}`,
        email: `guest.${n}@${PAGED_DOMAIN}`,
        phone: `555-010-20${n}`,
      });
    }
  });

  for (const width of [1280, 375]) {
    it(`at ${String(width)} px pages by cursor, selects all ${String(PAGED)} matches, e-mails them and downloads the CSV`, async () => {
      const journey = await newPage(width, { bypassCSP: true });
      const { page } = journey;
      await signInAsAdmin(journey);
      const region = page.getByRole('region', { name: CAPTION });
      await region.waitFor();
      const status = page.getByRole('status').filter({ hasText: /^Showing / });
      const rows = region.locator('tbody tr');

      await page.getByRole('searchbox', { name: 'Search contributors' }).fill(`@${PAGED_DOMAIN}`);
      await expect.poll(() => status.textContent()).toBe(`Showing 50 of ${String(PAGED)} matching contributors.`);
      await expect.poll(() => region.getAttribute('aria-busy')).toBe('false');
      expect(await rows.count()).toBe(50);

      // Every match selected while only the first page is loaded.
      await page.getByRole('checkbox', { name: 'Select all matching contributors' }).check();
      expect(await status.textContent()).toBe(
        `Showing 50 of ${String(PAGED)} matching contributors. All ${String(PAGED)} matching rows selected.`,
      );

      // Their addresses come from the server: all of them, none loaded as rows.
      const email = page.getByRole('button', { name: `Email Selected (${String(PAGED)})` });
      await email.click();
      const dialog = page.getByRole('dialog', { name: 'Email Selected Contributors' });
      await dialog.getByText(`Recipients: ${String(PAGED)}`).waitFor();
      const hrefs = await page.evaluate<string[]>(
        `[...document.querySelectorAll('[role="dialog"] a[href^="mailto:"]')].map((a) => a.getAttribute('href'))`,
      );
      const bcc = hrefs.flatMap((href) => decodeURIComponent(/bcc=([^&]*)/.exec(href)?.[1] ?? '').split(','));
      expect(new Set(bcc)).toEqual(
        new Set(Array.from({ length: PAGED }, (_, i) => `guest.${String(i).padStart(2, '0')}@${PAGED_DOMAIN}`)),
      );
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // The next page by keyboard; the button goes with the last page, and focus moves to the
      // first row it brought (newest first: guest 09 is the 51st), selected like every match.
      await page.getByRole('button', { name: 'Show 10 more' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => status.textContent()).toMatch(/^Showing 60 of 60 matching contributors\./);
      expect(await rows.count()).toBe(PAGED);
      await expect
        .poll(() => page.evaluate<string | null>(`document.activeElement?.getAttribute('aria-label') ?? null`))
        .toBe('Select Paged Guest 09');
      expect(await page.getByRole('checkbox', { name: 'Select Paged Guest 09' }).isChecked()).toBe(true);

      // The export is the server's stream of the same matches, downloaded as a file.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^contributors-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await file.path()) ?? '', 'utf8');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const [header, ...lines] = csv.slice(1).trimEnd().split('\r\n');
      expect(header).toBe(
        'First Name,Last Name,Email,Phone,Type,Amount,Payment Method,Recurring,Status,Transaction ID,Details,Date,Processor Status,Review Flag',
      );
      expect(lines).toHaveLength(PAGED);
      expect(lines.every((line) => line.startsWith('Paged,Guest ') && line.includes(`@${PAGED_DOMAIN},`))).toBe(true);
      expect(lines[0]).toMatch(/^Paged,Guest 59,/);

      // Every column and control whole: at 1280 px in view, at 375 px once scrolled to.
      const layout = await measure(page, width < 1280);
      expect(layout.headers).toHaveLength(11);
      expect(clipped(layout, layout.headers)).toEqual([]);
      expect(layout.buttons.map((b) => b.text)).toContain('Confirm');
      expect(clipped(layout, layout.buttons)).toEqual([]);
      if (width >= 1280) expect(layout.region.scrollWidth).toBeLessThanOrEqual(layout.region.clientWidth);
      const controls = await panelControls(page);
      expect(controls.map((c) => c.text)).toEqual(
        expect.arrayContaining(['Clear selection', 'Export CSV', `Email Selected (${String(PAGED)})`]),
      );
      expect(
        controls.filter((c) => c.left < -0.5 || c.right > layout.viewport + 0.5 || c.overflowX > 0).map((c) => c.text),
      ).toEqual([]);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      expect(pageErrors(journey.errors)).toEqual([]);
    });
  }
});
