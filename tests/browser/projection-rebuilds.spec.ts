import pg from 'pg';
import { beforeAll, describe, expect, it, onTestFailed, vi } from 'vitest';
import { useStackAndBrowser } from '../support/browser-stack';
import { logInPageThroughApi, logInThroughApi, screenshotAtBothWidths } from '../support/journeys';

/**
 * Rebuilds from the browser (issue 13 item 5): root opens the projections page from the back office's nav, sees
 * every projection running, rebuilds one behind a confirm while the projector keeps running, and reads the report
 * that the rebuilt rows equal the old ones.
 */
describe('projection rebuilds in the back office', () => {
  const { stack, browser } = useStackAndBrowser({ stack: { judgeWorkers: 0, env: { DEMO: '0' } } });

  beforeAll(async () => {
    const root = await logInThroughApi(stack, 'root', stack.rootPassword);
    // A few rows in the projection to rebuild: the tags read model.
    const addTag = async (name: string) =>
      (await stack.request('/api/admin/tag', { method: 'POST', token: root, body: { name } })).body.status;
    // Root signs in from the event store; calls as root need the users read model to hold root already (a 401
    // appends nothing, so asking again is safe).
    await vi.waitFor(async () => expect(await addTag('graphs')).toBe(200), { timeout: 20_000, interval: 200 });
    for (const name of ['greedy', 'dp']) expect(await addTag(name)).toBe(200);
  });

  it('rebuilds the tags projection and reports the rebuilt rows identical', async () => {
    onTestFailed(async () => void (await browser.screenshot('projection-rebuilds-failure')));
    const { page } = browser;
    await logInPageThroughApi(stack, page, 'root', stack.rootPassword);
    await page.goto('/admin');
    await page.getByTestId('admin-nav-projections').click();
    await page.waitForURL((url) => url.pathname === '/admin/projections');
    const tags = page.locator('[data-testid="projection-row"][data-name="tags"]');
    await tags.waitFor();
    expect(await tags.getByTestId('projection-state').textContent()).toBe('Running');
    expect(await tags.textContent()).toContain('tags: 3');

    await tags.getByTestId('rebuild-one').click();
    const confirm = page.getByRole('dialog', { name: 'Confirm' });
    expect(await confirm.textContent()).toContain('Rebuild tags from the first event?');
    await confirm.getByRole('button', { name: 'OK' }).click();
    // The projector runs the rebuild; the page hears of it over /api/ws (or its poll) and shows the verdict.
    await expect.poll(() => tags.getByTestId('rebuild-verdict').textContent(), { timeout: 20_000 }).toBe('Identical');
    expect(await tags.getByTestId('projection-state').textContent()).toBe('Running');
    await screenshotAtBothWidths(browser, 'projection-rebuilds');

    await tags.getByTestId('rebuild-open-report').click();
    const report = page.getByTestId('rebuild-report');
    await report.waitFor();
    await report.evaluate((element) =>
      Promise.all(element.ownerDocument.getAnimations().map((animation) => animation.finished)),
    );
    expect(await report.getByTestId('rebuild-report-verdict').textContent()).toContain(
      'Identical: the rebuilt rows equal the old ones',
    );
    await screenshotAtBothWidths(browser, 'projection-rebuild-report');
    await page.keyboard.press('Escape');

    // Every projection at once: the projector works through the queue (too fast here to catch a bar reliably),
    // and every row ends identical again, with nothing left rebuilding.
    await page.getByTestId('rebuild-all').click();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'OK' }).click();
    await page.getByText(/rebuilds queued$/).waitFor();
    await browser.screenshot('projection-rebuilds-all-queued');
    const rows = page.getByTestId('projection-row');
    await expect
      .poll(
        async () => {
          const verdicts = await rows.getByTestId('rebuild-verdict').allTextContents();
          return verdicts.length === (await rows.count()) && verdicts.every((verdict) => verdict === 'Identical');
        },
        { timeout: 90_000 },
      )
      .toBe(true);
    expect(await page.getByTestId('rebuild-progress').count()).toBe(0);
    await screenshotAtBothWidths(browser, 'projection-rebuilds-all');
    expect(browser.errors).toEqual([]);
  });

  it('reports what differs when the live rows had drifted from the events, and repairs them', async () => {
    onTestFailed(async () => void (await browser.screenshot('projection-rebuilds-differs-failure')));
    // A read model damaged behind the projector's back (what a since-fixed projection bug leaves behind).
    const database = new pg.Client({ connectionString: stack.databaseUrl });
    await database.connect();
    await database.query("UPDATE tags SET name = 'graph theory' WHERE name = 'graphs'");
    await database.query("DELETE FROM tags WHERE name = 'dp'");
    await database.end();

    const { page } = browser;
    await page.reload();
    const tags = page.locator('[data-testid="projection-row"][data-name="tags"]');
    await expect.poll(() => tags.textContent()).toContain('tags: 2');
    await tags.getByTestId('rebuild-one').click();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => tags.getByTestId('rebuild-verdict').textContent(), { timeout: 20_000 }).toBe('Differs');
    expect(await tags.textContent()).toContain('tags: 3');

    await tags.getByTestId('rebuild-open-report').click();
    const report = page.getByTestId('rebuild-report');
    await report.waitFor();
    await report.evaluate((element) =>
      Promise.all(element.ownerDocument.getAnimations().map((animation) => animation.finished)),
    );
    expect(await report.getByTestId('rebuild-report-verdict').textContent()).toContain('1 table differs');
    const table = report.getByTestId('report-table');
    expect(await table.textContent()).toContain(
      '2 rows before, 3 after: 0 only in the old, 1 only in the new, 1 changed.',
    );
    expect(await table.textContent()).toContain('graph theory');
    await screenshotAtBothWidths(browser, 'projection-rebuild-differs');
    expect(browser.errors).toEqual([]);
  });
  it("shows a quarantined projection on the page and on root's dashboard until a rebuild applies the event", async () => {
    onTestFailed(async () => void (await browser.screenshot('projection-rebuilds-quarantine-failure')));
    // A dead letter as the runner leaves it when an event cannot be applied (F5).
    const database = new pg.Client({ connectionString: stack.databaseUrl });
    await database.connect();
    await database.query(
      `INSERT INTO projection_dead_letters (projection, event_id, position, stream, event_type, error)
       VALUES ('tags', 'a-tag-event', 1, 'tag-7', 'TagCreated', 'ZodError: name: Too long')`,
    );
    await database.end();

    const { page } = browser;
    await page.goto('/admin/dashboard');
    const alert = page.getByTestId('dashboard-quarantined');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('1 event could not be projected');
    expect(await alert.textContent()).toContain('TagCreated');
    await screenshotAtBothWidths(browser, 'dashboard-quarantined');

    await page.goto('/admin/projections');
    const tags = page.locator('[data-testid="projection-row"][data-name="tags"]');
    await expect.poll(() => tags.getByTestId('projection-state').textContent()).toBe('Quarantined: 1 dead letter');
    await screenshotAtBothWidths(browser, 'projection-quarantined');
    await tags.getByTestId('rebuild-one').click();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => tags.getByTestId('projection-state').textContent(), { timeout: 20_000 }).toBe('Running');

    const quarantineAsked = page.waitForResponse((response) =>
      response.url().includes('/api/admin/dashboard/get-quarantined-events'),
    );
    await page.goto('/admin/dashboard');
    await quarantineAsked;
    await page.getByTestId('dashboard-username').waitFor();
    expect(await page.getByTestId('dashboard-quarantined').count()).toBe(0);
    expect(browser.errors).toEqual([]);
  });
});
