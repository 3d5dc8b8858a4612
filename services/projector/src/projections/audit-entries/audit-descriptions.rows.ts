/* eslint-disable max-lines -- one row per audited event type; a table reads best whole. */
import {
  parseContestEvent,
  parseRejudgingEvent,
  parseSubmissionEvent,
  type ProblemEvent,
  type UserEvent,
  type ContestEvent,
  type RejudgingEvent,
  type SubmissionEvent,
  userEvents,
  problemEvents,
} from '@oj/events';
import { contestSettingsView, problemDefinitionView, scalarView, shown, type FieldView } from './audit-fields.rows';

/** What an audited event concerns; filled from the event, or for submission events from the stream's snapshot. */
export interface AuditScope {
  readonly contestId: number | null;
  readonly problemId: number | null;
  readonly userId: string | null;
  readonly submissionId: number | null;
}

/** A stream's last audited state: part name → field view (`scope` holds a submission's scope). */
export type AuditSnapshot = Readonly<Record<string, FieldView>>;

/**
 * How one event reads in the trail. `part` names the piece of the stream's state it changes: `after` replaces it
 * (or, with `merge`, overwrites some of its fields; null removes it); the changes are the difference. A part
 * with `stored: false` is compared with nothing and not kept (registrations, logins: one per user would make the
 * contest's or user's snapshot grow with every event).
 */
export interface AuditDescription {
  readonly kind: string;
  readonly command: string;
  readonly scope: Partial<AuditScope>;
  readonly part: string;
  readonly after: FieldView | null;
  readonly merge?: boolean;
  readonly stored?: boolean;
  /** Secret fields that changed: reported as changed, with no values. */
  readonly hiddenChanges?: readonly string[];
  readonly reason?: string | null;
  /** The client address the event itself records (a login), over the metadata's. */
  readonly clientIp?: string;
}

/** Judge-side progress, test runs and the uniqueness claims: not changes anyone makes (docs/audit.md). */
export const unauditedEventTypes: readonly string[] = [
  'JudgeStarted',
  'CaseJudged',
  'TestRunRequested',
  'TestRunJudged',
  'UsernameClaimed',
  'UsernameReleased',
  'EmailClaimed',
  'EmailReleased',
  'ProblemIdClaimed',
  'ProblemIdReleased',
  'RejudgingSubmissionJudged',
];

const transient = { stored: false } as const;

function describeContest(event: ContestEvent, snapshot: AuditSnapshot): AuditDescription {
  const scope = { contestId: event.data.contestId };
  const contest = { kind: 'contest', scope, part: 'settings' };
  switch (event.type) {
    case 'ContestCreated': {
      const { type, groupId, settings } = event.data;
      const after = { type, groupId: shown(groupId), ...contestSettingsView(settings) };
      return { ...contest, command: 'CreateContest', after };
    }
    case 'ContestSettingsChanged':
      return { ...contest, command: 'UpdateContest', after: contestSettingsView(event.data.settings), merge: true };
    case 'ContestVisibilityChanged':
      return {
        ...contest,
        command: 'ChangeContestVisibility',
        after: { visible: shown(event.data.visible) },
        merge: true,
      };
    case 'ContestDeleted':
      return { ...contest, command: 'DeleteContest', after: { deleted: 'true' }, merge: true };
    case 'ContestantRegistered': {
      const after = { registered: event.data.username };
      const registration = { kind: 'registration', command: 'RegisterForContest', part: 'registration', after };
      return { ...registration, scope: { ...scope, userId: event.data.userId }, ...transient };
    }
    case 'ContestRegistrationsCleared':
      return {
        kind: 'registration',
        command: 'UpdateContest',
        scope,
        part: 'registration',
        after: { registrations: 'cleared' },
        ...transient,
      };
    case 'ContestProblemAdded':
    case 'ContestProblemChanged':
    case 'ContestProblemRemoved':
      return describeContestProblem(event, snapshot);
    case 'ContestAnnouncementPosted':
    case 'ContestAnnouncementEdited':
    case 'ContestAnnouncementRemoved': {
      const part = `announcement ${event.data.announcementId}`;
      const command = event.type.replace('ContestAnnouncement', '') + 'ContestAnnouncement';
      const after =
        event.type === 'ContestAnnouncementRemoved'
          ? null
          : { title: shown(event.data.title), content: shown(event.data.content), visible: shown(event.data.visible) };
      return { kind: 'announcement', command, scope, part, after };
    }
    case 'ContestAcCheckChanged':
      return {
        kind: 'contest',
        command: 'CheckContestAc',
        scope: { ...scope, submissionId: event.data.submissionId },
        part: 'ac-check',
        after: { checked: shown(event.data.checked) },
        ...transient,
      };
    case 'ContestPrintRequested':
      return {
        kind: 'print',
        command: 'RequestPrint',
        scope: { ...scope, userId: event.data.userId },
        part: 'print',
        after: { printId: shown(event.data.printId) },
        ...transient,
      };
    case 'ContestPrintMarkedPrinted':
      return {
        kind: 'print',
        command: 'MarkPrinted',
        scope,
        part: 'print',
        after: { printId: shown(event.data.printId), printed: 'true' },
        ...transient,
      };
  }
}

type ContestProblemEvent = Extract<
  ContestEvent,
  { type: 'ContestProblemAdded' | 'ContestProblemChanged' | 'ContestProblemRemoved' }
>;

function describeContestProblem(event: ContestProblemEvent, snapshot: AuditSnapshot): AuditDescription {
  const part = `problem ${event.data.contestProblemId}`;
  const known = snapshot[part]?.problemId;
  const problemId = event.type === 'ContestProblemAdded' ? event.data.problemId : known ? Number(known) : null;
  const scope = { contestId: event.data.contestId, problemId };
  if (event.type === 'ContestProblemRemoved') {
    return { kind: 'contest-problem', command: 'RemoveContestProblem', scope, part, after: null };
  }
  const { displayId, displayTitle, color } = event.data;
  const view = { displayId, displayTitle: shown(displayTitle), color };
  if (event.type === 'ContestProblemChanged') {
    return { kind: 'contest-problem', command: 'ChangeContestProblem', scope, part, after: view, merge: true };
  }
  const after = { problemId: String(event.data.problemId), ...view };
  return { kind: 'contest-problem', command: 'AddContestProblem', scope, part, after };
}

/** A submission's verdict fields, changed only by events of its current attempt (as every projection reads it). */
function describeSubmission(event: SubmissionEvent, snapshot: AuditSnapshot): AuditDescription {
  const scopeView = snapshot.scope ?? {};
  const scope = {
    submissionId: event.data.submissionId,
    contestId: scopeView.contestId ? Number(scopeView.contestId) : null,
    problemId: scopeView.problemId ? Number(scopeView.problemId) : null,
    userId: scopeView.userId ?? null,
  };
  const current = snapshot.verdict?.attempt;
  const isCurrent = 'attempt' in event.data && String(event.data.attempt) === current;
  const verdict = (kind: string, command: string, after: FieldView, reason?: string | null) => ({
    kind,
    command,
    scope,
    part: 'verdict',
    after: isCurrent ? after : {},
    merge: true,
    reason: reason ?? null,
  });
  switch (event.type) {
    case 'SubmissionCreated': {
      const { contestId, problemId, userId, language, judge } = event.data;
      return {
        kind: 'submission',
        command: 'SubmitCode',
        scope: { submissionId: event.data.submissionId, contestId, problemId, userId },
        part: 'verdict',
        after: { attempt: '0', verdict: 'Pending', score: null, language, testDataVersion: judge.testDataVersion },
      };
    }
    case 'SubmissionRejudgeRequested': {
      const command = event.data.requestedBy === scope.userId ? 'ResubmitSubmission' : 'RejudgeSubmission';
      const after = {
        attempt: String(event.data.attempt),
        verdict: 'Pending',
        score: null,
        testDataVersion: event.data.judge.testDataVersion,
      };
      return {
        kind: 'rejudge',
        command,
        scope,
        part: 'verdict',
        after,
        merge: true,
        reason: event.data.reason ?? null,
      };
    }
    case 'JudgeStarted':
    case 'CaseJudged':
      return verdict('verdict', 'JudgeSubmission', {});
    case 'SubmissionJudged':
      return verdict('verdict', 'JudgeSubmission', { verdict: event.data.status, score: shown(event.data.score) });
    case 'SubmissionJudgingFailed':
      return verdict('verdict', 'JudgeSubmission', { verdict: 'SE' }, event.data.reason);
    case 'SubmissionVerdictSetManually': {
      const after = { verdict: event.data.status, score: shown(event.data.score) };
      return verdict('manual-verdict', 'SetVerdictManually', after, event.data.reason);
    }
    case 'SubmissionCancelled':
      return verdict('cancellation', 'CancelJudging', { verdict: 'CA' }, event.data.reason);
    case 'SubmissionShareChanged':
      return { ...verdict('submission', 'ChangeShare', {}), after: { share: shown(event.data.share) } };
  }
}

function describeProblem(event: ProblemEvent): AuditDescription {
  const scope = { problemId: event.data.problemId };
  const base = { kind: 'problem', scope, part: 'definition' };
  switch (event.type) {
    case 'ProblemCreated':
      return { ...base, command: 'CreateProblem', after: problemDefinitionView(event.data.definition) };
    case 'ProblemEdited':
      return { ...base, command: 'EditProblem', after: problemDefinitionView(event.data.definition) };
    case 'ProblemVisibilityChanged':
      return { ...base, command: 'ChangeProblemAuth', after: { auth: String(event.data.auth) }, merge: true };
    case 'ProblemDeleted':
      return { ...base, command: 'DeleteProblem', after: { deleted: 'true' }, merge: true };
  }
}

function describeUser(event: UserEvent): AuditDescription {
  const scope = { userId: event.data.userId };
  const account = { kind: 'account', scope, part: 'account' };
  switch (event.type) {
    case 'UserRegistered': {
      const { username, email, role } = event.data;
      return { ...account, command: 'Register', after: { username, email, role } };
    }
    case 'UserLoggedIn':
      return {
        kind: 'session',
        command: 'Login',
        scope,
        part: 'session',
        after: { userAgent: shown(event.data.userAgent) },
        clientIp: event.data.ip,
        ...transient,
      };
    case 'UserLoggedOut':
      return { kind: 'session', command: 'Logout', scope, part: 'session', after: {}, ...transient };
    case 'UserPasswordChanged':
    case 'UserPasswordReset': {
      const command = event.type === 'UserPasswordChanged' ? 'ChangePassword' : 'ResetPassword';
      return { ...account, command, after: {}, merge: true, hiddenChanges: ['password'] };
    }
    case 'UserEmailChanged':
      return { ...account, command: 'ChangeEmail', after: { email: event.data.email }, merge: true };
    case 'UserProfileEdited':
      return { ...account, command: 'ChangeUserInfo', part: 'profile', after: scalarView(event.data, ['userId']) };
  }
}

/**
 * A staged rejudge (issue 13 item 4): staging lists each submission's live verdict as `#<id>`, applying its new
 * one, so the applied entry reads `#12: WA → AC`; the contest is the one the selection named or all items share.
 */
function describeRejudging(event: RejudgingEvent): AuditDescription {
  const base = { kind: 'rejudge', part: 'rejudging', merge: true };
  switch (event.type) {
    case 'RejudgingStaged': {
      const { filters, items } = event.data;
      const contestIds = new Set(items.map((item) => item.contestId));
      const contestId = filters.contestId ?? (contestIds.size === 1 ? ([...contestIds][0] ?? null) : null);
      const verdicts = Object.fromEntries(items.map((item) => [`#${item.submissionId}`, item.status]));
      return {
        ...base,
        command: 'StageRejudging',
        scope: { contestId, problemId: filters.problemId, userId: filters.userId },
        after: { state: 'staged', submissions: String(items.length), ...verdicts },
        reason: event.data.reason,
      };
    }
    case 'RejudgingApplied': {
      const { contestIds, results, skipped } = event.data;
      const verdicts = Object.fromEntries(results.map((result) => [`#${result.submissionId}`, result.status]));
      return {
        ...base,
        command: 'ApplyRejudging',
        scope: { contestId: contestIds.length === 1 ? (contestIds[0] ?? null) : null },
        after: { state: 'applied', skipped: skipped.length ? skipped.join(', ') : null, ...verdicts },
        reason: event.data.reason ?? null,
      };
    }
    case 'RejudgingDiscarded':
      return {
        ...base,
        command: 'DiscardRejudging',
        scope: {},
        after: { state: 'discarded' },
        reason: event.data.reason ?? null,
      };
    case 'RejudgingSubmissionJudged':
      return { ...base, command: 'JudgeSubmission', scope: { submissionId: event.data.submissionId }, after: {} };
  }
}

/** Site settings, announcements, images, checker includes, tags: each event's own fields. */
function describeOther(event: { readonly type: string; readonly data: unknown }, category: string): AuditDescription {
  const data = (event.data ?? {}) as Record<string, unknown>;
  const after = scalarView(data);
  const command = event.type;
  if (event.type === 'WebsiteConfigSet') return { kind: 'site', command, scope: {}, part: 'config', after };
  if (event.type === 'SiteSwitchesSet') return { kind: 'site', command, scope: {}, part: 'switches', after };
  if (event.type === 'UserAvatarChanged') {
    return { kind: 'account', command, scope: { userId: String(data.userId) }, part: 'avatar', after };
  }
  if (event.type.startsWith('CheckerInclude')) {
    const part = `checker ${String(data.name)}`;
    return { kind: 'site', command, scope: {}, part, after: event.type.endsWith('Removed') ? null : after };
  }
  if (event.type.startsWith('Announcement') && typeof data.announcementId === 'number') {
    const part = `announcement ${data.announcementId}`;
    const isRemoved = event.type === 'AnnouncementDeleted';
    return { kind: 'announcement', command, scope: {}, part, after: isRemoved ? null : after, merge: !isRemoved };
  }
  return { kind: category === 'tags' ? 'tag' : 'site', command, scope: {}, part: event.type, after, ...transient };
}

/** How an audited event reads (the event has passed its catalogue schema before it reaches a projection). */
export function describeEvent(
  event: { readonly type: string; readonly data: unknown },
  category: string,
  snapshot: AuditSnapshot,
): AuditDescription {
  const contestEvent = parseContestEvent(event);
  if (contestEvent) return describeContest(contestEvent, snapshot);
  const submissionEvent = parseSubmissionEvent(event);
  if (submissionEvent) return describeSubmission(submissionEvent, snapshot);
  const rejudgingEvent = parseRejudgingEvent(event);
  if (rejudgingEvent) return describeRejudging(rejudgingEvent);
  const problemEvent = problemEvents.safeParse(event);
  if (problemEvent.success) return describeProblem(problemEvent.data);
  const userEvent = userEvents.safeParse(event);
  if (userEvent.success) return describeUser(userEvent.data);
  return describeOther(event, category);
}
