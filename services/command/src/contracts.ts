/** Transitional: the schemas moved to @oj/contracts; only the submissions contract is still here. */
export * from '@oj/contracts';
export * from './submissions/submissions.contract';
