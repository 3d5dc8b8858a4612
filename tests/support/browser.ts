/**
 * Headless chromium for the browser specs (reference platform.md §4): Debian's /usr/bin/chromium driven by
 * playwright-core, one fresh profile per launch, removed on close.
 *
 *   const browser = await launchBrowser({ baseUrl: stack.baseUrl, viewport: phoneViewport });
 *   await browser.page.goto('/home');
 *   await browser.screenshot('home-phone');           // .tmp/screens/home-phone.png
 *   await browser.close();
 *
 * Every console error and failed page script is collected in `errors`, so a spec can assert the page ran clean.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const chromiumPath = '/usr/bin/chromium';
export const desktopViewport = { width: 1280, height: 800 } as const;
export const phoneViewport = { width: 390, height: 844 } as const;
export const screensDir = path.resolve(import.meta.dirname, '../../.tmp/screens');

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserOptions {
  /** Relative page.goto paths resolve against it (the test stack's baseUrl). */
  readonly baseUrl: string;
  readonly viewport?: { readonly width: number; readonly height: number };
  /** navigator.languages and the Accept-Language of page loads; the app's own choice may differ (?l=). */
  readonly locale?: string;
}

export interface BrowserSession {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and uncaught page errors seen so far. */
  readonly errors: readonly string[];
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Chromium reports an inline event handler (`onerror="…"`) against the CSP as soon as the markup is parsed, even
 * in the inert document DOMPurify sanitizes in, where nothing ever runs. Hostile statements in the specs cause
 * exactly that; whether a handler ran is what those specs check (e.g. `'hacked' in window`). Any other CSP
 * refusal (a script, a worker, eval, a style) still counts as an error.
 */
function isBlockedInlineHandlerReport(text: string): boolean {
  return text.startsWith('Executing inline event handler violates the following Content Security Policy directive');
}

export async function launchBrowser(options: BrowserOptions): Promise<BrowserSession> {
  const profileDir = await mkdtemp(path.join(os.tmpdir(), 'oj-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
    baseURL: options.baseUrl,
    viewport: { ...(options.viewport ?? desktopViewport) },
    locale: options.locale ?? 'zh-CN',
  });
  // Well under the spec timeouts, yet generous: the machine is shared and often heavily loaded.
  context.setDefaultTimeout(30_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' || isBlockedInlineHandlerReport(message.text())) return;
    // A failed resource's report names no URL in its text; its location does.
    const { url } = message.location();
    errors.push(url ? `${message.text()} (${url})` : message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    context,
    page,
    errors,
    async screenshot(name) {
      await mkdir(screensDir, { recursive: true });
      const file = path.join(screensDir, `${name}.png`);
      await page.screenshot({ path: file });
      return file;
    },
    async close() {
      await context.close();
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the app shows `pathname`. The app navigates client-side (history API), so this watches
 * location rather than waiting for a page load as page.waitForURL does.
 */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForFunction((expected) => window.location.pathname === expected, pathname);
}
