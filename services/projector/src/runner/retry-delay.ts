/**
 * Back-off after a failure: 100 ms doubling to 30 s. What gets here is transient (the store or database went
 * away): the batch is retried from the checkpoint. An event that cannot be applied is quarantined instead (F5).
 */
export const defaultRetryDelayMs = (failures: number): number => Math.min(100 * 2 ** (failures - 1), 30_000);
