import { beforeAll, describe, expect, it } from 'vitest';
import { useStackAndBrowser } from '../support/browser-stack';
import { aPlusBProblemBody, logInThroughApi, screenshotAtBothWidths } from '../support/journeys';

/**
 * The one Markdown renderer in the browser: math, tables and highlighted code render, and every script or
 * event-handler payload in a Markdown field stays inert (each payload would set window.__pwned if it ran).
 */
const injectionPayloads = [
  '<script>window.__pwned = "script"</script>',
  '<img src="x" onerror="window.__pwned = \'img onerror\'">',
  '<svg onload="window.__pwned = \'svg onload\'"></svg>',
  '<svg><script>window.__pwned = "svg script"</script></svg>',
  '<a href="javascript:window.__pwned=\'link\'" id="js-link">click</a>',
  "[md link](javascript:window.__pwned='md-link')",
  "![md image](javascript:window.__pwned='md-image')",
  '<iframe src="javascript:parent.__pwned=\'iframe\'"></iframe>',
  '<iframe srcdoc="<script>parent.__pwned=\'srcdoc\'</script>"></iframe>',
  '<details open ontoggle="window.__pwned = \'details\'"><summary>s</summary></details>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=\'mxss\'"></style></mglyph></table></mtext></math>',
  '<form action="javascript:window.__pwned=\'form\'"><button id="form-button">go</button></form>',
  '<object data="javascript:window.__pwned=\'object\'"></object>',
  '<div style="background:url(javascript:window.__pwned=\'css\')">styled</div>',
  '<base href="javascript:/">',
  "$\\href{javascript:window.__pwned='katex'}{x}$",
];

const statement = [
  'Given $a+b$ with $|a|, |b| \\le 10^9$, print $\\frac{a+b}{1}$.',
  '',
  '$$\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$$',
  '',
  '| n | answer |',
  '| --- | --- |',
  '| 1 | 2 |',
  '',
  '```cpp',
  'int main() { return 0; }',
  '```',
  '',
  ...injectionPayloads.flatMap((payload) => [payload, '']),
].join('\n');

// One stack, with the demo problems, and one browser for both: the statements under test are separate problems.
const { stack, browser } = useStackAndBrowser({ stack: { judgeWorkers: 0 } });

describe('Markdown rendering in the browser', () => {
  beforeAll(async () => {
    const rootToken = await logInThroughApi(stack, 'root', stack.rootPassword);
    const body = aPlusBProblemBody({ problemId: 'MATH', title: 'Math and payloads', languages: ['C++'] });
    const created = await stack.request('/api/admin/problem', {
      method: 'POST',
      token: rootToken,
      body: { ...body, problem: { ...body.problem, description: statement } },
    });
    expect(created.body.status).toBe(200);
  });

  it('renders $…$ and $$…$$ with KaTeX, GitHub tables and highlighted code in a problem statement', async () => {
    const { page } = browser;
    await page.goto('/problem/MATH?l=en-US');
    const view = page.locator('.markdown-view').first();
    await view.locator('.katex').first().waitFor();
    expect(await view.locator('.katex-display').count()).toBeGreaterThanOrEqual(1);
    expect(await view.locator('.katex').count()).toBeGreaterThanOrEqual(4);
    expect(await view.locator('table td').first().textContent()).toBe('1');
    expect(await view.locator('pre.hljs .hljs-keyword').count()).toBeGreaterThan(0);
    expect(await view.textContent()).not.toContain('$a+b$');
    await screenshotAtBothWidths(browser, 'markdown-statement');
  });

  it('leaves every script and event-handler payload inert', async () => {
    const { page } = browser;
    await page.goto('/problem/MATH?l=en-US');
    const view = page.locator('.markdown-view').first();
    await view.locator('.katex').first().waitFor();
    for (const id of ['#js-link', '#form-button']) {
      const element = view.locator(id);
      if ((await element.count()) > 0)
        await element
          .first()
          .click({ force: true })
          .catch(() => undefined);
    }
    // An injected handler would run once its image has settled (loaded or failed): wait for that, not for a time.
    await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned ?? null)).toBeNull();
    const dangerous = await page.evaluate(() => {
      const root = document.querySelectorAll('.markdown-view');
      const found: string[] = [];
      for (const container of Array.from(root)) {
        for (const element of Array.from(container.querySelectorAll('*'))) {
          if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'FORM', 'BASE'].includes(element.tagName))
            found.push(element.tagName);
          for (const attribute of Array.from(element.attributes)) {
            if (attribute.name.startsWith('on')) found.push(`${element.tagName}@${attribute.name}`);
            if (/^\s*javascript:/i.test(attribute.value)) found.push(`${element.tagName}@${attribute.name}=js`);
          }
        }
      }
      return found;
    });
    expect(dangerous).toEqual([]);
  });
});

describe('the demo A+B problem in the browser', () => {
  it('shows its $…$ formulas as math, not as dollar signs', async () => {
    const list = await stack.request('/api/get-problem-list?limit=30&currentPage=1');
    const records = (list.body.data as { records: { problemId: string; title: string }[] }).records;
    const aPlusB = records.find((row) => row.title === 'A+B Problem');
    expect(aPlusB).toBeDefined();
    const { page } = browser;
    await page.goto(`/problem/${aPlusB?.problemId}?l=en-US`);
    const statement = page.locator('.markdown-view').first();
    await statement.locator('.katex').first().waitFor();
    expect(await statement.textContent()).not.toContain('$a$');
    await screenshotAtBothWidths(browser, 'demo-a-plus-b-math');
  });
});
