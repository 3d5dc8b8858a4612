import { submissionTopic as topicOf } from '@oj/contracts';

/** The live topic of one submission, named by the query service's contract so the two never drift. */
export const submissionTopic = (submitId: string): string => topicOf(Number(submitId));
