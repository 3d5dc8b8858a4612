import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { z } from 'zod';
import { offeredLanguages, type OfferedLanguage } from '../languages/offered-languages';

/**
 * What a judge process says about itself over NATS (issue 11): published on the report subject every
 * `judgeReportIntervalMs`, whenever a language self-test finishes, when asked on the request subject,
 * and once with `stopping: true` on the way out. Not an event: it describes a process, not the domain, and is
 * stale seconds after it is sent. The command and query services may not import @oj/judge, so it lives here.
 * The machine figures are HOJ's judge-server `/get-sys-config` answer (admin §5.2), which its dashboard shows.
 */
export const judgeReportSchema = z.object({
  judgeServerName: z.string().min(1),
  version: z.string(),
  /** The judge's host name (HOJ's client shows the instance's host). */
  host: z.string(),
  startedAt: z.string(),
  reportedAt: z.string(),
  stopping: z.boolean(),
  cpuCores: z.number().int(),
  /** HOJ's "xx.xx%": the 1-minute load average over the cores, and the memory not free. */
  percentCpuLoad: z.string(),
  percentMemoryLoad: z.string(),
  /** Submissions judged at once (HOJ's maxTaskNum). */
  maxTaskNum: z.number().int(),
  /** Languages whose self-test passed on this judge: the only ones it judges. */
  languages: z.array(z.string()),
  /** Languages whose self-test has not finished yet; a task in one waits for it. */
  verifying: z.array(z.string()),
  /** Languages this judge will not judge, with the reason (toolchain missing, self-test failed). */
  unavailable: z.array(z.object({ name: z.string(), reason: z.string() })),
});
export type JudgeReport = z.infer<typeof judgeReportSchema>;

/** The judges' JUDGE_REPORT_SUBJECT and the services' option of the same name default to it. */
export const defaultJudgeReportSubject = 'judge.report';
/** Anything published here makes every live judge publish its report at once (a service that just started). */
export const judgeReportRequestSubject = (reportSubject: string): string => `${reportSubject}.request`;
export const judgeReportIntervalMs = 5_000;
/** A judge not heard from for three report intervals is gone (killed without its stopping report). */
export const judgeReportLifetimeMs = 3 * judgeReportIntervalMs;

const percent = (fraction: number) => `${(Math.min(Math.max(fraction, 0), 1) * 100).toFixed(2)}%`;

/** This machine's figures in HOJ's shape (used by the judges' reports and the web service's own info). */
export function machineLoad(): { cpuCores: number; percentCpuLoad: string; percentMemoryLoad: string } {
  const cpuCores = Math.max(1, cpus().length);
  return {
    cpuCores,
    percentCpuLoad: percent((loadavg()[0] ?? 0) / cpuCores),
    percentMemoryLoad: percent(1 - freemem() / Math.max(1, totalmem())),
  };
}

/** The reports of judges alive at `now`: heard from within the lifetime and not stopping. */
export function liveJudgeReports(reports: Iterable<JudgeReport & { receivedAt: number }>, now: number): JudgeReport[] {
  return [...reports].filter((report) => !report.stopping && now - report.receivedAt <= judgeReportLifetimeMs);
}

/**
 * The languages the site offers while these judges are live: those verified by a judge that has finished its
 * self-tests, in the catalogue's order. Until one has (no judge live, or all still starting) every language stays
 * listed (docs/judging.md "Languages offered"): submissions then wait in the queue as HOJ's do, the admin forms
 * that list languages keep working, and the list does not grow one language at a time while a judge starts.
 */
export function languagesOfferedBy(live: readonly JudgeReport[]): readonly OfferedLanguage[] {
  const ready = live.filter((report) => report.verifying.length === 0);
  if (ready.length === 0) return offeredLanguages;
  const verified = new Set(ready.flatMap((report) => report.languages));
  return offeredLanguages.filter((language) => verified.has(language.name));
}

/**
 * The languages a submission may be in while these judges are live: those a live judge has verified or is still
 * verifying (the task waits for that self-test; a failure ends it in System Error), in the catalogue's order.
 * Null with no live judge: any language is accepted and waits in the queue, as above.
 */
export function judgeableLanguageNames(live: readonly JudgeReport[]): readonly string[] | null {
  if (live.length === 0) return null;
  const judgeable = new Set(live.flatMap((report) => [...report.languages, ...report.verifying]));
  return offeredLanguages.map((language) => language.name).filter((name) => judgeable.has(name));
}
