/** The live topic of one submission, as the projector names it (services/projector submissions projection). */
export const submissionTopic = (submitId: string): string => `submission:${submitId}`;
