import { z } from 'zod';
import { defineStreamEvents, type StreamEventOf } from './define-stream-events';

/**
 * The `contest-<cid>` stream: a contest's settings, its problems, announcements, registrations and the admin
 * tools' facts (api-contest-training.md Parts 1–2). Submissions stay in their own streams and name the
 * contest; scoreboards join the two in projections.
 */

const instantSchema = z.iso.datetime({ offset: true });

/** One award tier (§2.8); `num` is a percent for awardType 1 and a head count for awardType 2. */
export const contestAwardSchema = z.object({
  priority: z.number().int(),
  name: z.string(),
  background: z.string(),
  color: z.string(),
  num: z.number().int().nullable(),
});
export type ContestAward = z.infer<typeof contestAwardSchema>;

/**
 * Every setting of spec 002 'Group contest' that an admin edits. `password` is the contest's shared entry
 * code, shown back to contest admins by HOJ's back office (AdminContestVO.pwd). Since issue 10 (F9) it is sealed
 * text (`sealed:v1:…`, encrypted with the site key, see @oj/platform's text sealer) so events and read models do
 * not hold it in clear; events from before hold it in clear, and every reader opens both (docs/contests.md).
 */
export const contestSettingsSchema = z.object({
  title: z.string(),
  description: z.string(),
  source: z.string(),
  /** 0 public, 1 private (password to enter), 2 protected (password to submit). */
  auth: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  password: z.string().nullable(),
  startAt: instantSchema,
  endAt: instantSchema,
  /** As the client sent it (HOJ stores it and the rank code uses it, §2.1). */
  durationSeconds: z.number().int(),
  sealRank: z.boolean(),
  sealRankAt: instantSchema.nullable(),
  autoRealRank: z.boolean(),
  openPrint: z.boolean(),
  openRank: z.boolean(),
  rankShowName: z.enum(['username', 'nickname', 'realname']),
  openAccountLimit: z.boolean(),
  accountLimitRule: z.string().nullable(),
  allowEndSubmit: z.boolean(),
  starAccounts: z.array(z.string()),
  oiRankScoreType: z.enum(['Recent', 'Highest']),
  awardType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  awards: z.array(contestAwardSchema),
});
export type ContestSettings = z.infer<typeof contestSettingsSchema>;

/**
 * The settings under the names of HOJ's back-office contest form (AdminContestVO), which the query side shows and
 * a clone sends back through the create checks. Title and source are left to the caller: a clone changes both.
 */
export const adminFormFieldsOf = (settings: ContestSettings) => ({
  description: settings.description,
  auth: settings.auth,
  pwd: settings.password,
  startTime: settings.startAt,
  endTime: settings.endAt,
  duration: settings.durationSeconds,
  sealRank: settings.sealRank,
  sealRankTime: settings.sealRankAt,
  autoRealRank: settings.autoRealRank,
  openPrint: settings.openPrint,
  openAccountLimit: settings.openAccountLimit,
  accountLimitRule: settings.accountLimitRule,
  rankShowName: settings.rankShowName,
  starAccount: settings.starAccounts,
  openRank: settings.openRank,
  oiRankScoreType: settings.oiRankScoreType,
  awardType: settings.awardType,
  awardConfigList: settings.awards,
  allowEndSubmit: settings.allowEndSubmit,
});

export const contestTypeSchema = z.enum(['ACM', 'OI']);
export type ContestType = z.infer<typeof contestTypeSchema>;

export const contestCreatedSchema = z.object({
  contestId: z.number().int().positive(),
  /** Locked after creation (issue 6). */
  type: contestTypeSchema,
  createdBy: z.string().min(1),
  author: z.string().min(1),
  /** Null for site contests; group contests arrive with issue 7. */
  groupId: z.number().int().positive().nullable(),
  settings: contestSettingsSchema,
  createdAt: instantSchema,
});

/** The back office saved the contest form (PUT /api/admin/contest): the whole settings object as saved. */
export const contestSettingsChangedSchema = z.object({
  contestId: z.number().int().positive(),
  settings: contestSettingsSchema,
  changedBy: z.string().min(1),
  changedAt: instantSchema,
});

export const contestVisibilityChangedSchema = z.object({
  contestId: z.number().int().positive(),
  visible: z.boolean(),
  changedBy: z.string().min(1),
  changedAt: instantSchema,
});

export const contestDeletedSchema = z.object({
  contestId: z.number().int().positive(),
  deletedBy: z.string().min(1),
  deletedAt: instantSchema,
});

export const contestantRegisteredSchema = z.object({
  contestId: z.number().int().positive(),
  userId: z.string().min(1),
  username: z.string().min(1),
  registeredAt: instantSchema,
});

/** A changed password of a non-public contest wipes every registration (§1.3 PUT). */
export const contestRegistrationsClearedSchema = z.object({
  contestId: z.number().int().positive(),
  clearedAt: instantSchema,
});

export const contestProblemAddedSchema = z.object({
  contestId: z.number().int().positive(),
  contestProblemId: z.number().int().positive(),
  problemId: z.number().int().positive(),
  displayId: z.string().min(1),
  displayTitle: z.string(),
  color: z.string().nullable(),
  addedAt: instantSchema,
});

/** PUT /api/admin/contest/contest-problem: display id, title or balloon colour changed. */
export const contestProblemChangedSchema = z.object({
  contestId: z.number().int().positive(),
  contestProblemId: z.number().int().positive(),
  displayId: z.string().min(1),
  displayTitle: z.string(),
  color: z.string().nullable(),
  changedAt: instantSchema,
});

export const contestProblemRemovedSchema = z.object({
  contestId: z.number().int().positive(),
  contestProblemId: z.number().int().positive(),
  removedAt: instantSchema,
});

const announcementFields = {
  contestId: z.number().int().positive(),
  announcementId: z.number().int().positive(),
  title: z.string(),
  content: z.string(),
  /** HOJ's status 0 visible, 1 hidden. */
  visible: z.boolean(),
};

export const contestAnnouncementPostedSchema = z.object({
  ...announcementFields,
  authorId: z.string().min(1),
  authorUsername: z.string().min(1),
  postedAt: instantSchema,
});

export const contestAnnouncementEditedSchema = z.object({ ...announcementFields, editedAt: instantSchema });

export const contestAnnouncementRemovedSchema = z.object({
  contestId: z.number().int().positive(),
  announcementId: z.number().int().positive(),
  removedAt: instantSchema,
});

/** The AC helper's balloon flag on a user's first AC (§1.2.2); the record is the submission. */
export const contestAcCheckChangedSchema = z.object({
  contestId: z.number().int().positive(),
  submissionId: z.number().int().positive(),
  checked: z.boolean(),
  changedAt: instantSchema,
});

/** A print request (§1.1 submit-print-text); id from `contest_print_id_seq`. */
export const contestPrintRequestedSchema = z.object({
  contestId: z.number().int().positive(),
  printId: z.number().int().positive(),
  userId: z.string().min(1),
  username: z.string().min(1),
  realname: z.string().nullable(),
  content: z.string(),
  requestedAt: instantSchema,
});

/** The print queue marked a request printed (one way, §1.2.4). */
export const contestPrintMarkedPrintedSchema = z.object({
  contestId: z.number().int().positive(),
  printId: z.number().int().positive(),
  markedAt: instantSchema,
});

const contestEvents = defineStreamEvents({
  ContestCreated: contestCreatedSchema,
  ContestSettingsChanged: contestSettingsChangedSchema,
  ContestVisibilityChanged: contestVisibilityChangedSchema,
  ContestDeleted: contestDeletedSchema,
  ContestantRegistered: contestantRegisteredSchema,
  ContestRegistrationsCleared: contestRegistrationsClearedSchema,
  ContestProblemAdded: contestProblemAddedSchema,
  ContestProblemChanged: contestProblemChangedSchema,
  ContestProblemRemoved: contestProblemRemovedSchema,
  ContestAnnouncementPosted: contestAnnouncementPostedSchema,
  ContestAnnouncementEdited: contestAnnouncementEditedSchema,
  ContestAnnouncementRemoved: contestAnnouncementRemovedSchema,
  ContestAcCheckChanged: contestAcCheckChangedSchema,
  ContestPrintRequested: contestPrintRequestedSchema,
  ContestPrintMarkedPrinted: contestPrintMarkedPrintedSchema,
});

export const contestEventSchemas = contestEvents.schemas;

export type ContestEventType = keyof typeof contestEventSchemas;

export type ContestEvent = StreamEventOf<typeof contestEventSchemas>;

/** Parses a stored event of the contest stream; null for a type this catalogue does not know. */
export const parseContestEvent = contestEvents.parse;

/** Contest status from the clock with HOJ's half-open intervals (§2.1): -1 scheduled, 0 running, 1 ended. */
export function contestStatusAt(startAt: string | Date, endAt: string | Date, now: Date): -1 | 0 | 1 {
  const time = now.getTime();
  if (time < new Date(startAt).getTime()) return -1;
  return time < new Date(endAt).getTime() ? 0 : 1;
}

/**
 * The account rule (§2.3): `<prefix>P</prefix><suffix>S</suffix><start>A</start><end>B</end><extra>E</extra>`.
 * A username matches when it is P + i + S for an integer A ≤ i ≤ B, or one of the space-separated words of E.
 * HOJ fails with HTTP 500 on an unparsable A or B; here such a rule matches by its extra words only.
 */
export function matchesAccountRule(rule: string | null, username: string): boolean {
  const part = (tag: string) => new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(rule ?? '')?.[1] ?? '';
  const extras = part('extra')
    .trim()
    .split(' ')
    .filter((word) => word.length > 0);
  if (extras.includes(username)) return true;
  const prefix = part('prefix');
  const suffix = part('suffix');
  const from = Number.parseInt(part('start'), 10);
  const to = Number.parseInt(part('end'), 10);
  if (!username.startsWith(prefix) || !username.endsWith(suffix)) return false;
  const middle = username.slice(prefix.length, username.length - suffix.length);
  if (!/^-?(0|[1-9]\d*)$/.test(middle)) return false;
  const number = Number(middle);
  return Number.isFinite(from) && Number.isFinite(to) && number >= from && number <= to;
}
