import {
  ccsAccount,
  ccsAward,
  ccsContest,
  ccsEvent,
  ccsJudgement,
  ccsJudgementType,
  ccsKnownJudgementTypeIds,
  ccsLanguage,
  ccsOrganization,
  ccsProblem,
  ccsRun,
  ccsState,
  ccsSubmission,
  ccsTeam,
  type CcsEvent,
} from './ccs.contract';

/**
 * The specification's rules for the event feed (2023-06), beyond each object's shape: written from the spec's
 * text and JSON schema rules, used by the tests to check every line the API writes. Returns the broken rules
 * (empty when the feed is valid), each naming the line.
 */

/** The object schema of each feed type (singletons: contest and state). */
export const ccsObjectSchemaOf: Readonly<Record<string, { safeParse(value: unknown): { success: boolean } }>> = {
  contest: ccsContest,
  'judgement-types': ccsJudgementType,
  languages: ccsLanguage,
  problems: ccsProblem,
  teams: ccsTeam,
  organizations: ccsOrganization,
  accounts: ccsAccount,
  state: ccsState,
  submissions: ccsSubmission,
  judgements: ccsJudgement,
  runs: ccsRun,
  awards: ccsAward,
};

const singletons = new Set(['contest', 'state']);
const known = new Set<string>(ccsKnownJudgementTypeIds);

/** What a check of one feed has seen so far. */
interface FeedCheck {
  readonly resumed: boolean;
  readonly violations: string[];
  /** The live objects by type and id: a reference must name one announced before (and not deleted since). */
  readonly live: Map<string, Map<string, Record<string, unknown>>>;
  lastToken: bigint | null;
  scoreboardType: string | null;
}

function objectsOf(check: FeedCheck, type: string): Map<string, Record<string, unknown>> {
  const objects = check.live.get(type) ?? new Map<string, Record<string, unknown>>();
  check.live.set(type, objects);
  return objects;
}

/**
 * `resumed`: the lines after some token, whose references may name objects of the lines before it; only each
 * line's own rules and the token order are checked.
 */
export function ccsFeedViolations(lines: readonly unknown[], { resumed = false } = {}): string[] {
  const check: FeedCheck = { resumed, violations: [], live: new Map(), lastToken: null, scoreboardType: null };
  lines.forEach((raw, index) => checkLine(check, raw, `line ${index + 1}`));
  return check.violations;
}

function checkLine(check: FeedCheck, raw: unknown, at: string): void {
  const { violations } = check;
  const parsed = ccsEvent.strict().safeParse(raw);
  if (!parsed.success) {
    violations.push(`${at}: not a 2023-06 notification {type, id, data, token}`);
    return;
  }
  const line: CcsEvent = parsed.data;
  checkTokenAndId(check, line, at);
  if (line.data === null) {
    if (singletons.has(line.type)) violations.push(`${at}: the ${line.type} cannot be deleted`);
    else if (!objectsOf(check, line.type).delete(line.id ?? '') && !check.resumed)
      violations.push(`${at}: deletes ${line.type} ${line.id} unseen`);
    return;
  }
  const schema = ccsObjectSchemaOf[line.type];
  if (!schema?.safeParse(line.data).success) {
    violations.push(`${at}: ${line.type} data does not follow the object rules`);
    return;
  }
  const data = line.data as Record<string, unknown>;
  if (!singletons.has(line.type) && data.id !== line.id) violations.push(`${at}: id differs from data.id`);
  if (line.type === 'contest') check.scoreboardType = String(data.scoreboard_type);
  checkObjectRules(check, line.type, data, at);
  if (!singletons.has(line.type)) objectsOf(check, line.type).set(line.id ?? '', data);
}

function checkTokenAndId(check: FeedCheck, line: CcsEvent, at: string): void {
  const token = /^\d+$/.test(line.token) ? BigInt(line.token) : null;
  if (token === null) check.violations.push(`${at}: token ${line.token} is not a position`);
  else if (check.lastToken !== null && token < check.lastToken) check.violations.push(`${at}: token goes back`);
  if (token !== null) check.lastToken = token;
  if (singletons.has(line.type) !== (line.id === null)) {
    check.violations.push(`${at}: id must be null exactly for the contest and the state`);
  }
}

/** Each object type's own rules beyond its schema: references to objects announced before, and consistency. */
function checkObjectRules(check: FeedCheck, type: string, data: Record<string, unknown>, at: string): void {
  const { violations } = check;
  const refersTo = (to: string, id: unknown, field: string) => {
    if (!check.resumed && typeof id === 'string' && !objectsOf(check, to).has(id))
      violations.push(`${at}: ${field} ${id} names no ${to} yet`);
  };
  switch (type) {
    case 'problems':
      if ((check.scoreboardType === 'score') !== (data.max_score !== undefined)) {
        violations.push(`${at}: max_score is required iff the scoreboard type is score`);
      }
      break;
    case 'submissions':
      refersTo('languages', data.language_id, 'language_id');
      refersTo('problems', data.problem_id, 'problem_id');
      refersTo('teams', data.team_id, 'team_id');
      break;
    case 'judgements':
      checkJudgement(check, data, at, refersTo);
      break;
    case 'runs':
      refersTo('judgements', data.judgement_id, 'judgement_id');
      refersTo('judgement-types', data.judgement_type_id, 'judgement_type_id');
      break;
    case 'teams':
      for (const group of Array.isArray(data.group_ids) ? data.group_ids : []) refersTo('groups', group, 'group');
      if (data.organization_id !== undefined && data.organization_id !== null) {
        refersTo('organizations', data.organization_id, 'organization_id');
      }
      break;
    case 'awards':
      for (const team of Array.isArray(data.team_ids) ? data.team_ids : []) refersTo('teams', team, 'team');
      break;
  }
}

function checkJudgement(
  check: FeedCheck,
  data: Record<string, unknown>,
  at: string,
  refersTo: (to: string, id: unknown, field: string) => void,
): void {
  const { violations } = check;
  refersTo('submissions', data.submission_id, 'submission_id');
  const type = data.judgement_type_id;
  if (typeof type === 'string') {
    refersTo('judgement-types', type, 'judgement_type_id');
    if (!known.has(type) && !objectsOf(check, 'judgement-types').has(type) && !check.resumed)
      violations.push(`${at}: unknown type ${type}`);
  }
  if ((type === null) !== (data.end_time === null)) {
    violations.push(`${at}: a judgement has a type exactly when it has ended`);
  }
  if (typeof data.end_time === 'string' && Date.parse(data.end_time) < Date.parse(String(data.start_time))) {
    violations.push(`${at}: a judgement ends before it starts`);
  }
}
