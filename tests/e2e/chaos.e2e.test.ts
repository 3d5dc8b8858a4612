import { describe, expect, it } from 'vitest';
import { recoveryLimitMs, runChaos } from '../support/chaos';

/**
 * Issue 14 item 2, the short version (one SIGKILL of each component at a random moment under load); `npm run
 * chaos` runs CHAOS_ROUNDS rounds (default there: 3). The stack starts its own PostgreSQL and nats-server under
 * a temporary DATA_DIR: the run-wide ones of global-setup are never killed.
 */
const rounds = Number(process.env.CHAOS_ROUNDS ?? 1);
/** The API process (the launcher) is killed in the full run only: each restart boots the whole stack (~15 s). */
const launcherKills = Number(process.env.CHAOS_LAUNCHER_KILLS ?? (rounds > 1 ? rounds : 0));
const seed = process.env.CHAOS_SEED === undefined ? undefined : Number(process.env.CHAOS_SEED);

describe('fault injection (issue 14)', () => {
  it(
    'recovers from SIGKILL of a judge worker, the projector, nats-server and PostgreSQL without a person: ' +
      'every submission gets exactly one verdict and every read model equals its rebuild',
    async () => {
      const report = await runChaos({
        rounds,
        components: ['judge-1', 'projector', 'nats', 'postgres'],
        // Short in `npm test` (one kill each); `npm run chaos` spreads its kills wider.
        killDelayMs: rounds === 1 ? [300, 1500] : [500, 4000],
        ...(seed === undefined ? {} : { seed }),
        launcherKills,
        verbose: process.env.OJ_STACK_LOG === '1',
      });
      console.log(`\n${report.table}\nrestarts: ${JSON.stringify(report.restarts)}`);
      const context = `${report.table}\n${report.logs.slice(-80).join('\n')}`;
      expect(report.submissions, context).toBeGreaterThan(0);
      expect(report.lost, context).toEqual([]);
      expect(report.doubled, context).toEqual([]);
      expect(report.duplicatedEventIds, context).toEqual([]);
      expect(report.readModelMismatches, context).toEqual([]);
      expect(report.tablesCompared, context).toBeGreaterThan(10);
      expect(report.serverErrors, context).toEqual([]);
      for (const row of report.rows) {
        expect(row.kills, context).toBe(row.component === 'api (launcher)' ? launcherKills : rounds);
        for (const ms of row.recoveryMs) expect(ms, `${row.component}\n${context}`).toBeLessThan(recoveryLimitMs);
      }
    },
    (rounds * 4 + launcherKills) * 70_000 + 300_000,
  );
});
