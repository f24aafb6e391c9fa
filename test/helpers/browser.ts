import { existsSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';

/** Debian's `chromium` package: the only browser the tests drive (playwright-core never downloads one). */
const CHROMIUM = '/usr/bin/chromium';
const INSTALL_CHROMIUM = 'apt-get install -y chromium';

/**
 * Whether the browser tests can run here. Without Chromium they cannot: under `CI=true` that is a
 * failure (`fail`: CI installs it, .ci/run), run by hand they skip (`skip`), each saying how to install it.
 */
export function chromiumStatus(): { skip?: string; fail?: string } {
  if (existsSync(CHROMIUM)) return {};
  const why = `Chromium is not installed at ${CHROMIUM}: install it with \`${INSTALL_CHROMIUM}\` (as root)`;
  return process.env.CI === 'true'
    ? { skip: why, fail: `${why}; CI must have it (.ci/run installs it)` }
    : { skip: why };
}

/**
 * One headless Chromium for a test file, many pages: no GPU, no QUIC, no first-run, background
 * networking, component updates or sync, so the browser itself makes no request a page could be
 * blamed for. Playwright gives every launch a fresh profile folder (its own `--user-data-dir`,
 * removed on close; it refuses the flag from us). `context()` opens a context (scripting on or off).
 */
export async function launchChromium(): Promise<{
  context: (options?: { javaScriptEnabled?: boolean }) => Promise<BrowserContext>;
  close: () => Promise<void>;
}> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context: (options = {}) =>
      browser.newContext({
        viewport: { width: 1280, height: 900 },
        deviceScaleFactor: 1,
        javaScriptEnabled: options.javaScriptEnabled !== false,
      }),
    close: () => browser.close(),
  };
}

/** Where a page is served from: a name no resolver knows, answered by the route below only. */
const PAGE_URL = 'http://docs.test/page.html';

/**
 * A page with `html` served at PAGE_URL through a route that answers that URL alone and aborts every
 * other request; every request the page makes (the document included) and every console error or
 * uncaught exception is recorded.
 */
export async function openDocsPage(
  context: BrowserContext,
  html: string,
): Promise<{ page: Page; requests: string[]; errors: string[] }> {
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      errors.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  await page.route('**/*', (route) =>
    route.request().url() === PAGE_URL
      ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
      : route.abort(),
  );
  await page.goto(PAGE_URL, { waitUntil: 'load' });
  return { page, requests, errors };
}
