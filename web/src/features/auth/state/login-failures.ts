import { proxy } from 'valtio';

/**
 * Consecutive failed logins in this page's life (spec 000 §4): from 5 on, a slide puzzle comes before
 * the request. The server knows nothing of this count (api-core §1), so it is not persisted.
 */
export const slideVerifyThreshold = 5;

export const loginFailures = proxy({ count: 0 });

export const recordLoginFailure = (): void => {
  loginFailures.count += 1;
};

export const resetLoginFailures = (): void => {
  loginFailures.count = 0;
};
