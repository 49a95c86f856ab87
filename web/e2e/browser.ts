import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, inject } from 'vitest';
import { CHROMIUM_ARGS } from '../../infra/testing/chromium';

export const ARTIFACTS_DIR = fileURLToPath(new URL('./artifacts/', import.meta.url));

/** Widths the design is checked at: small phone, tablet, laptop. */
export const VIEWPORTS = [
  { name: 'small', width: 375, height: 812 },
  { name: 'medium', width: 768, height: 1024 },
  { name: 'large', width: 1280, height: 800 },
] as const;

export interface JourneyPage {
  page: Page;
  /** Uncaught errors and console errors of the page, for the test to assert none happened. */
  errors: string[];
}

/** One Chromium per test file, closed after it. */
export async function useBrowser(): Promise<{
  browser: Browser;
  baseUrl: string;
  newPage: (width?: number) => Promise<JourneyPage>;
}> {
  const browser = await chromium.launch({ executablePath: inject('chromiumPath'), args: CHROMIUM_ARGS });
  afterAll(() => browser.close());
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const baseUrl = inject('e2eBaseUrl');
  return {
    browser,
    baseUrl,
    newPage: async (width = 1280) => {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      return { page, errors };
    },
  };
}

/** Lazy images load only near the viewport; load them all before a full-page screenshot. */
export async function loadAllImages(page: Page): Promise<void> {
  await page.evaluate(`Promise.all([...document.images].map((img) => {
    img.loading = 'eager';
    return img.complete ? null : new Promise((resolve) => { img.onload = img.onerror = resolve; });
  }))`);
}
