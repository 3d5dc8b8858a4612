/**
 * `@oj/command/testing`: what @oj/testbed's command API tests reach below HTTP: the root-user and account helpers
 * they seed with, the demo seeder, and the rejection texts they compare against (the fast password hasher is
 * @oj/platform's argon2idHasher). They live there because they start the projector and the query API beside the
 * command API.
 */
export { ensureRootUser } from '../ensure-root-user';
export { newUserId, registerAccount } from '../users/registration.routes';
export { seedDemoProblems } from '../problems/demo/seed-demo-problems';
export { maxAvatarBytes } from '../avatars/avatars.routes';
export { abandonedClaimAfterMs } from '../problems/claim-problem-id';
export { problemMessages } from '../problems/problems.rejections';
export { submissionMessages } from '../submissions/submissions.rejections';
export { contestSubmitMessages } from '../submissions/submit-contest-code';
export { testRunMessages } from '../test-runs/test-runs.rejections';
