import { describe, expect, it } from 'vitest';
import { desktopViewport, phoneViewport } from '../support/browser';
import { useStackAndBrowser } from '../support/browser-stack';

/** Issue 11 item 4: the help page lists every offered language with the compile and run command the judge uses. */
describe('the help page’s language list', () => {
  const { stack, browser } = useStackAndBrowser({ stack: { judgeWorkers: 0, env: { DEMO: '0' } } });

  it('shows each language with its compile and run command, in both locales and at both widths', async () => {
    const offered = await stack.request<{ name: string }[]>('/api/languages?all=true');
    const { page } = browser;
    await page.goto('/introduction?l=en-US');
    const cards = page.getByTestId('language-command');
    await cards.nth(offered.body.data.length - 1).waitFor();
    expect(await cards.count()).toBe(offered.body.data.length);
    const kotlin = cards.filter({ hasText: 'Kotlin' });
    expect(await kotlin.textContent()).toContain('kotlinc -J-Xmx512m');
    expect(await kotlin.textContent()).toContain('-jar /box/main.jar');
    expect(await cards.filter({ hasText: 'Common Lisp' }).textContent()).toContain('--script /box/main.fasl');
    expect(await cards.filter({ hasText: 'Ruby' }).textContent()).toContain('/usr/bin/ruby /box/main.rb');
    const section = page.getByTestId('language-commands');
    expect(await section.textContent()).toContain('Compile');

    for (const [suffix, viewport] of [
      ['desktop', desktopViewport],
      ['phone', phoneViewport],
    ] as const) {
      await page.setViewportSize(viewport);
      await section.getByRole('heading').first().scrollIntoViewIfNeeded();
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await browser.screenshot(`language-help-${suffix}`);
      await kotlin.scrollIntoViewIfNeeded();
      await browser.screenshot(`language-help-kotlin-${suffix}`);
      // No card may run wider than the page (long commands wrap).
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, suffix).toBeLessThanOrEqual(0);
    }

    await page.goto('/introduction?l=zh-CN');
    await page.getByTestId('language-commands').getByText('评测语言').waitFor();
    expect(await page.getByTestId('language-commands').textContent()).toContain('编译');
    expect(browser.errors.filter((error) => !error.includes('404'))).toEqual([]);
  });
});
