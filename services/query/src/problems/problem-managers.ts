import type { Principal } from '@oj/platform';
import type { ProblemRecord } from './problem-rows';

/**
 * Who may see a problem's judge secrets and test data, and manage it: root and problem admins, and the admin
 * who created it, by the uid the events record. The row's `author` is display text that a save's body sets, so
 * it grants nothing (HOJ compares it with the username; issue 10, F14).
 */
export function mayManageProblem(
  principal: Pick<Principal, 'userId' | 'role'>,
  row: Pick<ProblemRecord, 'creator_id'>,
) {
  if (principal.role === 'root' || principal.role === 'problem_admin') return true;
  return principal.role === 'admin' && row.creator_id !== null && row.creator_id === principal.userId;
}
